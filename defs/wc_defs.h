/* SPDX-License-Identifier: Apache-2.0 */
/* C view of defs/wc_defs.def: every constant becomes WC_<NAME>, every field
 * WC_<NAME>_LSB / WC_<NAME>_W plus get/set helpers. */
#ifndef WC_DEFS_H
#define WC_DEFS_H
#include <stdint.h>

/* The firmware also includes the generated #define form of the same table
 * (wc_defs_macros.h, for addresses above INT_MAX and the assembler).  When
 * it came first its macros already name every constant and field with the
 * same value, and the enum below would expand into `1 = (1)`. */
#ifndef WC_DEFS_MACROS_H
enum {
#define WC_GROUP(n, d)
#define WC_CONST(n, v, d)    WC_##n = (v),
#define WC_FIELD(n, l, w, d) WC_##n##_LSB = (l), WC_##n##_W = (w),
#include "wc_defs.def"
#undef WC_GROUP
#undef WC_CONST
#undef WC_FIELD
    WC_DEFS_END_
};
#endif

/* Extract / insert a field of a flit data word. */
#define WC_GET(word, F) (((uint32_t)(word) >> WC_##F##_LSB) & ((1u << WC_##F##_W) - 1u))
#define WC_SET(word, F, v) \
    (((uint32_t)(word) & ~(((1u << WC_##F##_W) - 1u) << WC_##F##_LSB)) | \
     (((uint32_t)(v) & ((1u << WC_##F##_W) - 1u)) << WC_##F##_LSB))

#endif
