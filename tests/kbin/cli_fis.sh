# SPDX-License-Identifier: Apache-2.0
# Sourced by tests/kbin/cli.sh: wormcast fis contract checks.
# Local nodes only: recursive doubling, ceil(log2 4) = 2.
expect_out "fis 4 locals, no remotes: T=2" '{"T":2,"schedule":[{"t":0,"from":"L0","to":"L1"}' $W fis --local 4 --remote "" --ll 2 --lr 3
# The cost-8 remote bounds T below by L_l + 8 = 10; the schedule reaches it.
expect_out "fis 3 locals, remotes 5,2,8: T = L_l + max C = 10" '{"T":10,' $W fis --local 3 --remote 5,2,8 --ll 2 --lr 4
expect_out "fis lists each remote's task" '{"agent":"R3","cost":8,"recv":2,"start":2,"end":10}' $W fis --local 3 --remote 5,2,8 --ll 2 --lr 4
out=$($W fis --local 1 --remote 0,0,0 --ll 1 --lr 1 2>"$D/err")
if [[ "$out" == '{"T":3,'* ]] && grep -q "outside the paper's regime" "$D/err"; then ok "fis L_r = L_l: notes the regime on stderr"; else bad "fis L_r = L_l note: $out $(cat "$D/err")"; fi
expect_err "fis: empty cost" "--remote: '' is not a cost (an empty item in '1,,2')" $W fis --local 2 --remote 1,,2 --ll 2 --lr 3
expect_err "fis: trailing comma" "trailing ','" $W fis --local 2 --remote 1,2, --ll 2 --lr 3
expect_err "fis: negative cost" "out of range" $W fis --local 2 --remote 1,-2 --ll 2 --lr 3
expect_err "fis: zero locals" "--local" $W fis --local 0 --remote 1 --ll 2 --lr 3
expect_err "fis: missing --lr" "--lr is required" $W fis --local 2 --remote 1 --ll 2
