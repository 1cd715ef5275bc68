/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-sorted.h — the binary search of data/'s sorted tables
 *
 * ELF symbol tables, kallsyms, DWARF function ranges and the perf.data
 * ordering queue are arrays of structs sorted by a 64-bit key, and each of
 * their lookups starts with the same upper bound. Inline: it sits on the
 * symbolizer's and the reader's hot paths, and the compiler folds the
 * constant stride and key offset of each caller.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The index of the first of the @n elements at @base (@stride bytes each,
 * sorted by the guint64 at @key_offset) whose key is above @value, @n when
 * none is; the element before it is the last one at or below @value. */
static inline guint
cs_sorted_upper_bound (const void *base,
                       guint       n,
                       gsize       stride,
                       gsize       key_offset,
                       guint64     value)
{
  const guint8 *p = base;
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (*(const guint64 *) (const void *) (p + (gsize) mid * stride + key_offset) <= value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

G_END_DECLS
