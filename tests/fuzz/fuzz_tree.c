/* SPDX-License-Identifier: Apache-2.0 */
/* JSON: the parser on a string, and multicast trees from JSON files (the
 * input of wormcast fpfs, wc_tree_file_load). */
#include "fuzz.h"
#include "wc_json.h"
#include "wc_tree_file.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    const char *p;
    wc_json *j;
    wc_tree_file *tf;
    if ((j = wc_json_parse(fuzz_str(data, size, 65535), err, sizeof err)))
        wc_json_free(j);
    if ((p = fuzz_file(data, size, ".json")) && (tf = wc_tree_file_load(p, err, sizeof err)))
        wc_tree_file_free(tf);
    return 0;
}
