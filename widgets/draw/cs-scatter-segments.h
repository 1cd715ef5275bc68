/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-segments.h — the scatter's compressed address axis
 *
 * A program's data addresses are a few dense clusters (the executable's
 * .data and .bss, the heap, thread stacks, libraries, shared memory) with
 * gigabytes and terabytes between them. A linear axis squeezes each cluster
 * into a pixel row. The address axis instead holds only segments of
 * addresses that have samples: addresses closer than CS_SCATTER_SEGMENT_GAP
 * share a segment; at most CS_SCATTER_MAX_SEGMENTS remain (the closest are
 * merged). Each segment gets room by how many cachelines it spans
 * (logarithmically: one hot line still gets a band, a megabyte of heap more
 * but not a million times more), and the skipped ranges between them a
 * small fixed gap that the drawing marks as a break.
 *
 * Axis units: the first segment starts at 0; a segment spans 1 + log2(1 +
 * lines) units, a gap CS_SCATTER_GAP_UNITS. Within a segment the position
 * is linear in the address.
 */
#pragma once

#include "cs-scatter-data.h"

G_BEGIN_DECLS

/* Addresses this close (bytes) are one segment. */
#define CS_SCATTER_SEGMENT_GAP  (64 * 1024)
#define CS_SCATTER_MAX_SEGMENTS 16
#define CS_SCATTER_GAP_UNITS    0.6

typedef struct
{
  guint64 lo;          /* first byte, a cacheline start */
  guint64 hi;          /* one past the last line */
  double  start, end;  /* on the axis */
} CsScatterSegment;

typedef struct
{
  CsScatterSegment *segments;    /* by address, ascending; address mode only */
  guint             n_segments;
  double            length;      /* the last segment's end */
  double           *pos;         /* per point: its position (address mode), else NULL */
  gboolean          time_sorted; /* points in ascending time: a window is a binary search */
  /* What every frame would otherwise count again: the shown points (the
   * selected line's in cacheline mode), their times, per thread. */
  guint             n_shown;
  double            t_lo, t_hi;
  guint             n_threads;   /* the highest thread index + 1 (at least the series) */
  guint            *counts;      /* shown points per thread */
  /* Per point, packed for the density pass, which reads every point of a
   * frame: its position on the two axes as floats of the unit square
   * (x = (value − x0) × xs, y likewise; NaN when it is not shown) — half the
   * memory of doubles, precise to about 1e-7 of the full ranges — and its
   * thread (below CS_SCATTER_KIND_STORE and n_threads) with
   * CS_SCATTER_KIND_STORE. */
  float            *unit;        /* x, y pairs */
  double            x0, xs, y0, ys;
  guint8           *kinds;
} CsScatterAxis;

#define CS_SCATTER_KIND_STORE 0x80

/* The points [*first, *last) that can be in the time range [@t0, @t1]: a
 * binary search when the points are in time order, else all of them. */
void                 _cs_scatter_time_window   (const CsScatterData *data,
                                                const CsScatterAxis *axis,
                                                double               t0,
                                                double               t1,
                                                guint               *first,
                                                guint               *last);

/* Made on the first call and kept with the data (the selected line is
 * part of what the data says: select it before the first draw). */
const CsScatterAxis *_cs_scatter_data_get_axis (const CsScatterData *data);
void                 _cs_scatter_axis_free     (gpointer             axis);
/* The position of @address: inside a segment, or the nearest edge. */
double               _cs_scatter_axis_position (const CsScatterAxis *axis,
                                                guint64              address);
/* The segment index holding position @pos; -1 in a gap or outside. */
int                  _cs_scatter_axis_segment_at (const CsScatterAxis *axis,
                                                  double               pos);

G_END_DECLS
