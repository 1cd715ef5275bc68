/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-segments.c — the scatter's compressed address axis */

#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-scatter-segments.h"

void
_cs_scatter_axis_free (gpointer data)
{
  CsScatterAxis *axis = data;

  if (axis == NULL)
    return;
  g_free (axis->segments);
  g_free (axis->pos);
  g_free (axis->counts);
  g_free (axis->unit);
  g_free (axis->kinds);
  g_free (axis);
}

/* Sorts @n values ascending: a least-significant-digit radix sort on 16-bit
 * digits, skipping the digits all values share. A million lines sort in
 * milliseconds, where qsort's comparison calls took most of a second. */
static void
sort_u64 (guint64 *v,
          gsize    n)
{
  g_autofree guint64 *tmp = g_new (guint64, MAX (n, 1));
  g_autofree gsize *count = g_new (gsize, 65536);
  guint64 *from = v, *to = tmp;
  guint64 differ = 0;

  for (gsize i = 1; i < n; i++)
    differ |= v[i] ^ v[0];
  for (guint shift = 0; shift < 64; shift += 16)
    {
      gsize at = 0;

      if (((differ >> shift) & 0xffff) == 0)
        continue;
      memset (count, 0, sizeof (gsize) * 65536);
      for (gsize i = 0; i < n; i++)
        count[(from[i] >> shift) & 0xffff]++;
      for (guint d = 0; d < 65536; d++)
        {
          gsize c = count[d];

          count[d] = at;
          at += c;
        }
      for (gsize i = 0; i < n; i++)
        to[count[(from[i] >> shift) & 0xffff]++] = from[i];
      {
        guint64 *t = from;

        from = to;
        to = t;
      }
    }
  if (from != v)
    memcpy (v, from, sizeof (guint64) * n);
}

/* The distinct cachelines of the points, ascending. Points come in runs on
 * the same lines: consecutive repeats go before the sort. */
static GArray *
distinct_lines (const CsScatterData *data)
{
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 last = G_MAXUINT64;
  guint kept = 0;

  for (guint i = 0; i < data->points->len; i++)
    {
      guint64 line = cs_scatter_line_of (g_array_index (data->points, CsScatterPoint, i).address);

      if (line != last && isfinite (g_array_index (data->points, CsScatterPoint, i).time))
        {
          g_array_append_val (lines, line);
          last = line;
        }
    }
  sort_u64 ((guint64 *) (gpointer) lines->data, lines->len);
  for (guint i = 0; i < lines->len; i++)
    if (kept == 0 || g_array_index (lines, guint64, kept - 1) != g_array_index (lines, guint64, i))
      g_array_index (lines, guint64, kept++) = g_array_index (lines, guint64, i);
  g_array_set_size (lines, kept);
  return lines;
}

static void
build_segments (CsScatterAxis       *axis,
                const CsScatterData *data)
{
  g_autoptr(GArray) lines = distinct_lines (data);
  g_autoptr(GArray) segs = g_array_new (FALSE, FALSE, sizeof (CsScatterSegment));
  double at = 0;

  for (guint i = 0; i < lines->len; i++)
    {
      guint64 line = g_array_index (lines, guint64, i);
      CsScatterSegment *last = segs->len > 0 ? &g_array_index (segs, CsScatterSegment, segs->len - 1) : NULL;

      if (last != NULL && line - last->hi < CS_SCATTER_SEGMENT_GAP)
        last->hi = line + CS_SCATTER_LINE_SIZE;
      else
        {
          CsScatterSegment s = { line, line + CS_SCATTER_LINE_SIZE, 0, 0 };

          g_array_append_val (segs, s);
        }
    }
  /* Too many: merge across the smallest gaps. */
  while (segs->len > CS_SCATTER_MAX_SEGMENTS)
    {
      guint best = 0;

      for (guint i = 1; i + 1 < segs->len; i++)
        if (g_array_index (segs, CsScatterSegment, i + 1).lo - g_array_index (segs, CsScatterSegment, i).hi <
            g_array_index (segs, CsScatterSegment, best + 1).lo - g_array_index (segs, CsScatterSegment, best).hi)
          best = i;
      g_array_index (segs, CsScatterSegment, best).hi = g_array_index (segs, CsScatterSegment, best + 1).hi;
      g_array_remove_index (segs, best + 1);
    }
  for (guint i = 0; i < segs->len; i++)
    {
      CsScatterSegment *s = &g_array_index (segs, CsScatterSegment, i);

      if (i > 0)
        at += CS_SCATTER_GAP_UNITS;
      s->start = at;
      at += 1 + log2 (1 + (double) ((s->hi - s->lo) / CS_SCATTER_LINE_SIZE));
      s->end = at;
    }
  axis->length = at;
  axis->n_segments = segs->len;
  axis->segments = (CsScatterSegment *) g_array_free (g_steal_pointer (&segs), FALSE);
}

static double
position_in (const CsScatterSegment *s,
             guint64                 address)
{
  return s->start + (s->end - s->start) * (double) (address - s->lo) / (double) (s->hi - s->lo);
}

double
_cs_scatter_axis_position (const CsScatterAxis *axis,
                           guint64              address)
{
  guint lo = 0, hi = axis->n_segments;

  if (axis->n_segments == 0)
    return 0;
  /* The first segment ending above @address. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (axis->segments[mid].hi <= address)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo >= axis->n_segments)
    return axis->length;
  if (address < axis->segments[lo].lo)
    return lo == 0 ? 0 : axis->segments[lo].start - CS_SCATTER_GAP_UNITS / 2;
  return position_in (&axis->segments[lo], address);
}

void
_cs_scatter_time_window (const CsScatterData *data,
                         const CsScatterAxis *axis,
                         double               t0,
                         double               t1,
                         guint               *first,
                         guint               *last)
{
  guint lo = 0, hi = data->points->len;

  *first = 0;
  *last = data->points->len;
  if (!axis->time_sorted)
    return;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (data->points, CsScatterPoint, mid).time < t0)
        lo = mid + 1;
      else
        hi = mid;
    }
  *first = lo;
  hi = data->points->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (data->points, CsScatterPoint, mid).time <= t1)
        lo = mid + 1;
      else
        hi = mid;
    }
  *last = lo;
}

int
_cs_scatter_axis_segment_at (const CsScatterAxis *axis,
                             double               pos)
{
  for (guint i = 0; i < axis->n_segments; i++)
    if (pos >= axis->segments[i].start && pos <= axis->segments[i].end)
      return (int) i;
  return -1;
}

const CsScatterAxis *
_cs_scatter_data_get_axis (const CsScatterData *data)
{
  CsScatterData *mutable = (CsScatterData *) data;
  CsScatterAxis *axis;
  double last = -INFINITY;
  guint seg = 0;

  if (data->axis != NULL)
    return data->axis;
  axis = g_new0 (CsScatterAxis, 1);
  axis->time_sorted = TRUE;
  axis->t_lo = INFINITY;
  axis->t_hi = -INFINITY;
  axis->n_threads = MAX (data->series->len, 1);
  for (guint i = 0; i < data->points->len; i++)
    {
      const CsScatterPoint *p = &g_array_index (data->points, CsScatterPoint, i);

      axis->time_sorted = axis->time_sorted && !(p->time < last);
      last = isfinite (p->time) ? p->time : last;
      axis->n_threads = MAX (axis->n_threads, MIN (p->thread, CS_SCATTER_MAX_THREADS - 1) + 1);
    }
  axis->counts = g_new0 (guint, axis->n_threads);
  for (guint i = 0; i < data->points->len; i++)
    {
      const CsScatterPoint *p = &g_array_index (data->points, CsScatterPoint, i);

      if (!cs_scatter_data_shows_point (data, p))
        continue;
      axis->n_shown++;
      axis->counts[MIN (p->thread, axis->n_threads - 1)]++;
      axis->t_lo = MIN (axis->t_lo, p->time);
      axis->t_hi = MAX (axis->t_hi, p->time);
    }
  if (data->mode == CS_SCATTER_MODE_ADDRESS)
    {
      build_segments (axis, data);
      axis->pos = g_new (double, MAX (data->points->len, 1));
      for (guint i = 0; i < data->points->len; i++)
        {
          guint64 a = g_array_index (data->points, CsScatterPoint, i).address;

          /* Points come in runs on one segment: try the last one first. */
          if (seg < axis->n_segments && a >= axis->segments[seg].lo && a < axis->segments[seg].hi)
            axis->pos[i] = position_in (&axis->segments[seg], a);
          else
            {
              axis->pos[i] = _cs_scatter_axis_position (axis, a);
              for (seg = 0; seg < axis->n_segments && axis->segments[seg].hi <= a; seg++)
                ;
            }
        }
    }
  axis->unit = g_new (float, 2 * MAX (data->points->len, 1));
  axis->kinds = g_new (guint8, MAX (data->points->len, 1));
  {
    double t_span = axis->t_hi > axis->t_lo ? axis->t_hi - axis->t_lo : 1;
    gboolean address = data->mode == CS_SCATTER_MODE_ADDRESS;

    axis->x0 = address ? axis->t_lo : 0;
    axis->xs = address ? 1 / t_span : 1.0 / CS_SCATTER_LINE_SIZE;
    axis->y0 = address ? 0 : axis->t_lo;
    axis->ys = address ? 1 / MAX (axis->length, 1e-9) : 1 / t_span;
  }
  for (guint i = 0; i < data->points->len; i++)
    {
      const CsScatterPoint *p = &g_array_index (data->points, CsScatterPoint, i);
      gboolean shown = cs_scatter_data_shows_point (data, p);

      double x = data->mode == CS_SCATTER_MODE_ADDRESS ? p->time : cs_scatter_offset_of (p->address) + 0.5;
      double y = data->mode == CS_SCATTER_MODE_ADDRESS ? axis->pos[i] : p->time;

      axis->unit[2 * i] = shown ? (float) ((x - axis->x0) * axis->xs) : NAN;
      axis->unit[2 * i + 1] = shown ? (float) ((y - axis->y0) * axis->ys) : NAN;
      axis->kinds[i] = (guint8) (MIN (MIN (p->thread, axis->n_threads - 1), CS_SCATTER_KIND_STORE - 1) |
                                 ((p->flags & CS_SCATTER_POINT_STORE) ? CS_SCATTER_KIND_STORE : 0));
    }
  mutable->axis = axis;
  return axis;
}
