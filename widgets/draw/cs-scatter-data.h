/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-data.h — the sampled data accesses a scatter chart shows
 *
 * Plain data filled by the Memory page (or a test) and read by the drawing
 * code, the exporter and the GTK view. It is reference counted because one
 * set of up to 10^6 points is shared by the view, an export and the page
 * without copies; once handed to a view or an export it is not changed
 * (what is derived from it, the address axis, is made once on first use).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Bytes per cacheline: the unit of false sharing on every x86-64 core. */
#define CS_SCATTER_LINE_SIZE 64
/* Beyond this many threads the rest share the last colour and group: an
 * absurd thread index must not make the drawing allocate per thread. */
#define CS_SCATTER_MAX_THREADS 4096

typedef enum
{
  CS_SCATTER_POINT_STORE    = 1 << 0,  /* a write; without it a load */
  CS_SCATTER_POINT_SELECTED = 1 << 1,  /* emphasised with a ring */
} CsScatterPointFlags;

typedef struct
{
  double   time;       /* seconds from the start of the recording */
  guint64  address;    /* data address */
  guint    thread;     /* index into the series (threads), for the colour and legend */
  guint    flags;      /* CsScatterPointFlags */
  guint    size;       /* bytes accessed from @address; 0 or 1: one. The cacheline
                        * mode draws wider accesses as a bar over their bytes. */
  guint32  key;        /* the caller's tag (the Memory page's line id) */
} CsScatterPoint;

typedef enum
{
  /* x = time, y = data address (whole address space of the samples). */
  CS_SCATTER_MODE_ADDRESS,
  /* One cacheline: x = byte offset 0..63 within it, y = time. */
  CS_SCATTER_MODE_CACHELINE,
} CsScatterMode;

typedef struct
{
  CsScatterMode  mode;
  char          *title;
  GPtrArray     *series;     /* char *: thread names, e.g. "worker 1234" */
  GArray        *points;     /* CsScatterPoint */
  /* The selected cacheline: highlighted as a band in address mode, the one
   * shown in cacheline mode. */
  gboolean       has_line;
  guint64        line;       /* its first address, a multiple of 64 */
  /* Where the data comes from, e.g. "† addresses reconstructed from the
   * sampled registers": shown at the end of the legend; NULL: none. */
  char          *note;

  /*< private >*/
  gatomicrefcount ref_count;
  gpointer        axis;      /* CsScatterAxis, made on first use (cs-scatter-segments.c) */
} CsScatterData;

CsScatterData *cs_scatter_data_new          (CsScatterMode         mode,
                                             const char           *title);
CsScatterData *cs_scatter_data_ref          (CsScatterData        *data);
void           cs_scatter_data_unref        (CsScatterData        *data);
/* Appends a series (thread) and returns its index. */
guint          cs_scatter_data_add_series   (CsScatterData        *data,
                                             const char           *name);
void           cs_scatter_data_add_point    (CsScatterData        *data,
                                             double                time,
                                             guint64               address,
                                             guint                 thread,
                                             guint                 flags);
/* A point for an access of @size bytes at @address. */
void           cs_scatter_data_add_access   (CsScatterData        *data,
                                             double                time,
                                             guint64               address,
                                             guint                 size,
                                             guint                 thread,
                                             guint                 flags);
/* The same with the caller's @key (CsScatterPoint.key). */
void           cs_scatter_data_add_keyed    (CsScatterData        *data,
                                             double                time,
                                             guint64               address,
                                             guint                 size,
                                             guint                 thread,
                                             guint                 flags,
                                             guint32               key);
void           cs_scatter_data_set_note     (CsScatterData        *data,
                                             const char           *note);
/* Selects the cacheline holding @address. */
void           cs_scatter_data_select_line  (CsScatterData        *data,
                                             guint64               address);
guint          cs_scatter_data_get_n_points (const CsScatterData  *data);
const CsScatterPoint *
               cs_scatter_data_get_point    (const CsScatterData  *data,
                                             guint                 index);
/* The series' name, or NULL when @thread has none. */
const char    *cs_scatter_data_get_series   (const CsScatterData  *data,
                                             guint                 thread);
/* Whether the point is drawn in the data's mode: every point in address
 * mode, the selected line's points in cacheline mode. */
gboolean       cs_scatter_data_shows_point  (const CsScatterData  *data,
                                             const CsScatterPoint *point);

static inline guint64
cs_scatter_line_of (guint64 address)
{
  return address & ~(guint64) (CS_SCATTER_LINE_SIZE - 1);
}

static inline guint
cs_scatter_offset_of (guint64 address)
{
  return (guint) (address & (CS_SCATTER_LINE_SIZE - 1));
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsScatterData, cs_scatter_data_unref)

G_END_DECLS
