/* SPDX-License-Identifier: Apache-2.0 */
/* Command lines of the layer's programs (wc_sc, sc_node): a bad argument
 * is one line on stderr, "PROG: what", and exit status 2. */
#ifndef WC_SC_ARGS_H
#define WC_SC_ARGS_H
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace wc {

[[noreturn]] inline void usage_exit(const char *prog, const std::string &msg)
{
    std::fprintf(stderr, "%s: %s\n", prog, msg.c_str());
    std::exit(2);
}

/* s as an integer in lo..hi (0x prefixes too) for option opt */
inline long parse_long(const char *prog, const char *opt, const char *s, long lo, long hi)
{
    char *end;
    errno = 0;
    long v = std::strtol(s, &end, 0);
    if (!*s || *end || errno || v < lo || v > hi)
        usage_exit(prog, std::string(opt) + ": '" + s + "' is not an integer in " + std::to_string(lo) + ".." +
                             std::to_string(hi));
    return v;
}

} // namespace wc
#endif
