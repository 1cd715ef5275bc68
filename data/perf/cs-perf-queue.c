/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-queue.c — timed records waiting to be delivered in time order
 *
 * Entries are small (time, location) triples, never records. Between two
 * FINISHED_ROUNDs the queue holds a few runs that are each already in time
 * order (one per CPU buffer perf emptied, plus what the last round left), so
 * a natural merge sort costs n·log2(runs), far less than a general sort with
 * a comparison callback. Merging takes the left entry on equal times, which
 * keeps records of the same time in file order, as perf does.
 */
#include "config.h"

#include "cs-perf-private.h"
#include "cs-sorted.h"

void
_cs_perf_queue_reset (CsPerfQueue *q)
{
  q->len = q->head = q->ready_end = 0;
}

void
_cs_perf_queue_clear (CsPerfQueue *q)
{
  g_clear_pointer (&q->items, g_free);
  g_clear_pointer (&q->tmp, g_free);
  q->cap = q->tmp_cap = 0;
  _cs_perf_queue_reset (q);
}

/* Drops what was delivered; only while nothing is due. */
static void
compact (CsPerfQueue *q)
{
  if (q->head == 0 || q->head != q->ready_end)
    return;
  memmove (q->items, q->items + q->head, (q->len - q->head) * sizeof *q->items);
  q->len -= q->head;
  q->head = q->ready_end = 0;
}

void
_cs_perf_queue_push (CsPerfQueue        *q,
                    const CsPerfQueued *item)
{
  if (q->len == q->cap)
    {
      compact (q);
      if (q->len == q->cap)
        {
          q->cap = MAX (q->cap * 2, 4096);
          q->items = g_renew (CsPerfQueued, q->items, q->cap);
        }
    }
  q->items[q->len++] = *item;
}

static guint
run_end (const CsPerfQueued *a,
         guint               start,
         guint               n)
{
  guint i = start + 1;

  while (i < n && a[i - 1].time <= a[i].time)
    i++;
  return i;
}

static void
merge (const CsPerfQueued *left,
       guint               n_left,
       const CsPerfQueued *right,
       guint               n_right,
       CsPerfQueued       *out)
{
  guint i = 0, j = 0, k = 0;

  while (i < n_left && j < n_right)
    out[k++] = (right[j].time < left[i].time) ? right[j++] : left[i++];
  memcpy (out + k, left + i, (n_left - i) * sizeof *out);
  k += n_left - i;
  memcpy (out + k, right + j, (n_right - j) * sizeof *out);
}

static void
sort_pending (CsPerfQueue *q)
{
  guint n = q->len - q->head;
  CsPerfQueued *src;
  CsPerfQueued *dst;

  if (n < 2)
    return;
  src = q->items + q->head;
  if (run_end (src, 0, n) == n)
    return;
  if (q->tmp_cap < n)
    {
      q->tmp_cap = MAX (n, q->tmp_cap * 2);
      q->tmp = g_renew (CsPerfQueued, q->tmp, q->tmp_cap);
    }
  dst = q->tmp;
  for (;;)
    {
      guint start = 0, runs = 0;

      while (start < n)
        {
          guint mid = run_end (src, start, n);
          guint end = mid < n ? run_end (src, mid, n) : n;

          merge (src + start, mid - start, src + mid, end - mid, dst + start);
          start = end;
          runs++;
        }
      /* the merged data is in dst now */
      {
        CsPerfQueued *t = src;
        src = dst;
        dst = t;
      }
      if (runs == 1)
        break;
    }
  if (src != q->items + q->head)
    memcpy (q->items + q->head, src, n * sizeof *src);
}

/* Sorts what waits and makes every entry not later than @limit due. */
void
_cs_perf_queue_release (CsPerfQueue *q,
                       guint64      limit)
{
  compact (q);
  sort_pending (q);
  q->ready_end = q->head;
  /* An empty queue may have no storage yet: no pointer arithmetic on NULL. */
  if (q->head < q->len)
    q->ready_end += cs_sorted_upper_bound (q->items + q->head, q->len - q->head, sizeof *q->items,
                                           G_STRUCT_OFFSET (CsPerfQueued, time), limit);
}

/* Makes the older half of what waits due, whatever its times. */
void
_cs_perf_queue_release_half (CsPerfQueue *q)
{
  compact (q);
  sort_pending (q);
  q->ready_end = q->head + (q->len - q->head) / 2;
}

const CsPerfQueued *
_cs_perf_queue_pop (CsPerfQueue *q)
{
  if (q->head >= q->ready_end)
    return NULL;
  return &q->items[q->head++];
}
