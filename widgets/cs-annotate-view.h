/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-annotate-view.h — what the source and disassembly panes share (private)
 *
 * A heading, a column view of annotate rows with a heat column and a column
 * of samples per sampled event, and a message shown instead of the table
 * when there is nothing to show (and why).
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-annotate-rows.h"
#include "cs-column.h"

G_BEGIN_DECLS

typedef struct
{
  GtkWidget          *title;
  GtkWidget          *message;
  GtkWidget          *scroller;
  GtkColumnView      *view;
  GListStore         *store;
  GtkSingleSelection *selection;
  GPtrArray          *event_columns;   /* GtkColumnViewColumn* */
  char              **events;          /* the sampled events, one column each */
  guint               events_position; /* where the event columns go */
  guint               hot_position;    /* the hottest row, GTK_INVALID_LIST_POSITION if none */
} CsAnnotateView;

/* Builds the children into @parent (which has a GtkBoxLayout, made
 * vertical here); @item_type is a CsAnnotateRow type. */
void     cs_annotate_view_init        (CsAnnotateView     *view,
                                       GtkWidget          *parent,
                                       GType               item_type);
void     cs_annotate_view_destroy     (CsAnnotateView     *view,
                                       GtkWidget          *parent);
/* Returns the column (owned by the view). */
GtkColumnViewColumn *
         cs_annotate_view_add_column  (CsAnnotateView     *view,
                                       const char         *title,
                                       CsCellKind          kind,
                                       CsCellFunc          func,
                                       gboolean            expand);
/* The "Share" heat column, then (once cs_annotate_view_set_analysis() has
 * run) one samples column per sampled event. */
void     cs_annotate_view_add_sample_columns (CsAnnotateView *view);
/* Shows a samples column per sampled event of @analysis. Returns the index
 * in view->events of the heat column's event: @event, or the analysis'
 * default when NULL (0 when it has no samples). */
guint    cs_annotate_view_set_analysis (CsAnnotateView    *view,
                                        CsAnalysis        *analysis,
                                        const char        *event);
/* Replaces the rows (@rows: GPtrArray of CsAnnotateRow, NULL: none). Each
 * row gets its share of the @total samples of event @heat, and the first of
 * the rows with the most samples is marked hot (view->hot_position). */
void     cs_annotate_view_set_rows    (CsAnnotateView     *view,
                                       GPtrArray          *rows,
                                       guint               heat,
                                       guint64             total);
/* NULL shows the table, otherwise the message instead of it. */
void     cs_annotate_view_set_message (CsAnnotateView     *view,
                                       const char         *message);
/* The message shown instead of the table, NULL while the table is shown. */
const char *
         cs_annotate_view_get_message (CsAnnotateView     *view);
/* Selects and scrolls to @position; an invalid position does nothing. */
void     cs_annotate_view_select      (CsAnnotateView     *view,
                                       guint               position);

G_END_DECLS
