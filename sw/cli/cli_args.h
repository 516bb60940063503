/* SPDX-License-Identifier: Apache-2.0 */
/* Option-value parsing shared by the subcommands: a clear message naming
 * the command, the option, the allowed range and the bad value. */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H
int wc_arg_long(const char *cmd, const char *opt, const char *v, long lo, long hi, long *out);
int wc_arg_double(const char *cmd, const char *opt, const char *v, double lo, double hi, double *out);
#endif
