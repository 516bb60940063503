#!/usr/bin/env bash
echo placeholder; echo "0 passed, 0 failed"
