/* SPDX-License-Identifier: Apache-2.0 */
/* Resident memory of this process, for the progress lines of long runs
 * (a soak reads them to see that memory stays flat). */
#ifndef WC_MEM_H
#define WC_MEM_H

/* Resident memory now (VmRSS) and its peak (VmHWM) in KiB, from
 * /proc/self/status; where that cannot be read, the peak from getrusage
 * and -1 for now.  0, or -1 when neither is known (both -1). */
int wc_mem_kib(long *rss, long *peak);
/* "resident N KiB (peak M KiB)" into buf, or what of it is known. */
void wc_mem_note(char *buf, int len);
#endif
