/* SPDX-License-Identifier: Apache-2.0 */
/* Sort check: sorts pseudo-random keys three ways (insertion sort, heap sort
 * and a bottom-up merge sort) and checks every result is ordered, is a
 * permutation of the input (order-independent sum and xor) and that the
 * three agree.  Exercises loads/stores, branches and the multiplier. */
#include "rt.h"

#define N 300
static int32_t in[N], a[N], b[N], c[N], tmp[N];

static uint32_t lcg(uint32_t *s) { *s = *s * 1664525u + 1013904223u; return *s; }

static void insertion(int32_t *v, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        int32_t k = v[i];
        for (j = i - 1; j >= 0 && v[j] > k; j--)
            v[j + 1] = v[j];
        v[j + 1] = k;
    }
}

static void sift(int32_t *v, int root, int n)
{
    for (;;) {
        int ch = 2 * root + 1;
        int32_t t;
        if (ch >= n)
            return;
        if (ch + 1 < n && v[ch + 1] > v[ch])
            ch++;
        if (v[root] >= v[ch])
            return;
        t = v[root]; v[root] = v[ch]; v[ch] = t;
        root = ch;
    }
}

static void heapsort(int32_t *v, int n)
{
    int i;
    for (i = n / 2 - 1; i >= 0; i--)
        sift(v, i, n);
    for (i = n - 1; i > 0; i--) {
        int32_t t = v[0]; v[0] = v[i]; v[i] = t;
        sift(v, 0, i);
    }
}

static void mergesort(int32_t *v, int n)
{
    int w, i;
    for (w = 1; w < n; w *= 2) {
        for (i = 0; i < n; i += 2 * w) {
            int l = i, m = i + w < n ? i + w : n, r = i + 2 * w < n ? i + 2 * w : n;
            int p = l, q = m, k = l;
            while (p < m && q < r)
                tmp[k++] = v[p] <= v[q] ? v[p++] : v[q++];
            while (p < m) tmp[k++] = v[p++];
            while (q < r) tmp[k++] = v[q++];
        }
        memcpy(v, tmp, sizeof(int32_t) * (size_t)n);
    }
}

int main(void)
{
    uint32_t seed = 12345, sum_in = 0, x_in = 0, sum = 0, x = 0;
    int i, bad = 0;
    for (i = 0; i < N; i++) {
        in[i] = (int32_t)lcg(&seed) >> 8;  /* signed keys, both signs */
        sum_in += (uint32_t)in[i];
        x_in ^= (uint32_t)in[i];
    }
    memcpy(a, in, sizeof in);
    memcpy(b, in, sizeof in);
    memcpy(c, in, sizeof in);
    insertion(a, N);
    heapsort(b, N);
    mergesort(c, N);
    for (i = 0; i < N; i++) {
        sum += (uint32_t)a[i];
        x ^= (uint32_t)a[i];
        if (i > 0 && a[i - 1] > a[i]) bad |= 1;
        if (a[i] != b[i] || a[i] != c[i]) bad |= 2;
    }
    if (sum != sum_in || x != x_in) bad |= 4;
    wc_printf("sort: %d keys, min %d max %d, ordered %s, permutation %s, 3 sorts agree %s\n",
              N, a[0], a[N - 1], bad & 1 ? "no" : "yes", bad & 4 ? "no" : "yes", bad & 2 ? "no" : "yes");
    wc_printf("sort: %s\n", bad ? "FAIL" : "OK");
    return bad;
}
