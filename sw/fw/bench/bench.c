/* SPDX-License-Identifier: Apache-2.0 */
/* Integer benchmark for CPI measurements, in the spirit of CoreMark's three
 * kernels (linked-list walk and reorder, small matrix multiply-accumulate,
 * a character state machine) plus a CRC over the results.  Written here;
 * not CoreMark and not comparable with CoreMark scores. */
#include "rt.h"

#define LIST 64
#define MAT 12
#define ITER 8

struct node { struct node *next; int32_t key, val; };
static struct node nodes[LIST];
static int32_t ma[MAT][MAT], mb[MAT][MAT], mc[MAT][MAT];
static const char text[] = "123,-45 6e7 0x1f +89 . 1.5 -0 42,17 abc 9999 -3.25e2 ";

static uint16_t crc16(uint16_t c, uint32_t v)
{
    int k;
    for (k = 0; k < 32; k++) {
        uint16_t bit = (uint16_t)(((c >> 15) ^ (v >> k)) & 1);
        c = (uint16_t)(c << 1);
        if (bit)
            c ^= 0x1021;
    }
    return c;
}

static struct node *list_reverse(struct node *h)
{
    struct node *p = 0;
    while (h) {
        struct node *n = h->next;
        h->next = p;
        p = h;
        h = n;
    }
    return p;
}

/* insertion sort of the list by key */
static struct node *list_sort(struct node *h)
{
    struct node *out = 0;
    while (h) {
        struct node *n = h->next, **pp = &out;
        while (*pp && (*pp)->key < h->key)
            pp = &(*pp)->next;
        h->next = *pp;
        *pp = h;
        h = n;
    }
    return out;
}

static int32_t list_kernel(uint32_t seed)
{
    struct node *h = 0;
    int32_t acc = 0;
    int i;
    for (i = 0; i < LIST; i++) {
        seed = seed * 1103515245u + 12345u;
        nodes[i].key = (int32_t)(seed >> 20);
        nodes[i].val = i;
        nodes[i].next = h;
        h = &nodes[i];
    }
    h = list_sort(h);
    h = list_reverse(h);
    for (i = 0; h; h = h->next, i++)
        acc += h->key * (i + 1) - h->val;
    return acc;
}

static int32_t matrix_kernel(int32_t k)
{
    int i, j, l;
    int32_t s = 0;
    for (i = 0; i < MAT; i++)
        for (j = 0; j < MAT; j++) {
            ma[i][j] = (i * 7 + j * 3 + k) & 0xff;
            mb[i][j] = (i ^ j) - k;
        }
    for (i = 0; i < MAT; i++)
        for (j = 0; j < MAT; j++) {
            int32_t t = 0;
            for (l = 0; l < MAT; l++)
                t += ma[i][l] * mb[l][j];
            mc[i][j] = t;
            s += t >> 2;
        }
    return s;
}

enum { S_START, S_INT, S_FRAC, S_EXP, S_HEX, S_BAD };

static int32_t state_kernel(void)
{
    int counts[S_BAD + 1] = { 0 };
    int st = S_START, i;
    for (i = 0; text[i]; i++) {
        char ch = text[i];
        if (ch == ' ' || ch == ',') {
            counts[st]++;
            st = S_START;
            continue;
        }
        switch (st) {
        case S_START: st = (ch >= '0' && ch <= '9') || ch == '+' || ch == '-' ? S_INT : S_BAD; break;
        case S_INT:
            if (ch == '.') st = S_FRAC;
            else if (ch == 'e') st = S_EXP;
            else if (ch == 'x') st = S_HEX;
            else if (ch < '0' || ch > '9') st = S_BAD;
            break;
        case S_FRAC: if (ch == 'e') st = S_EXP; else if (ch < '0' || ch > '9') st = S_BAD; break;
        case S_EXP: if (ch != '-' && (ch < '0' || ch > '9')) st = S_BAD; break;
        case S_HEX: if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'))) st = S_BAD; break;
        default: break;
        }
    }
    return counts[S_INT] * 1 + counts[S_FRAC] * 10 + counts[S_EXP] * 100 +
           counts[S_HEX] * 1000 + counts[S_BAD] * 10000;
}

int main(void)
{
    uint16_t crc = 0xffff;
    uint32_t c0, i0, c1, i1;
    int it;
    c0 = wc_rdcycle();
    i0 = wc_rdinstret();
    for (it = 0; it < ITER; it++) {
        crc = crc16(crc, (uint32_t)list_kernel((uint32_t)it + 1));
        crc = crc16(crc, (uint32_t)matrix_kernel(it));
        crc = crc16(crc, (uint32_t)state_kernel());
        crc = crc16(crc, (uint32_t)(it * 1000 / 7 % 13));
    }
    c1 = wc_rdcycle() - c0;
    i1 = wc_rdinstret() - i0;
    wc_printf("bench: crc %04x cycles %u instret %u CPI %u.%03u\n", crc, c1, i1,
              c1 / i1, (uint32_t)((uint64_t)(c1 % i1) * 1000 / i1));
    return 0;
}
