/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-annotate-view.h — what the source and disassembly panes share (private)
 *
 * Both templates (cs-source-pane.ui, cs-disasm-pane.ui) have a heading, a
 * column view of annotate rows with a "Share" heat column, and a message
 * shown instead of the table when there is nothing to show (and why). This
 * fills the heat column, puts a column of samples per sampled event after
 * it, and sets the rows.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-annotate-rows.h"
#include "cs-column.h"

G_BEGIN_DECLS

typedef struct
{
  /* template children of the pane */
  GtkLabel           *title;
  GtkLabel           *message;
  GtkWidget          *scroller;
  GtkColumnView      *view;
  GListStore         *store;
  GtkSingleSelection *selection;
  GtkColumnViewColumn *share_column;

  /* the view's own */
  GPtrArray          *event_columns;   /* GtkColumnViewColumn* */
  char              **events;          /* the sampled events, one column each */
  guint               events_position; /* where the event columns go */
  guint               hot_position;    /* the hottest row, GTK_INVALID_LIST_POSITION if none */
} CsAnnotateView;

/* Binds the template children the panes share (title, message, scroller,
 * view, store, selection, share_column) to @struct_offset of @widget_class. */
#define CS_ANNOTATE_VIEW_BIND_TEMPLATE(widget_class, Type, field)                      \
  G_STMT_START {                                                                       \
    gtk_widget_class_bind_template_child_full (widget_class, "title", FALSE,           \
      G_STRUCT_OFFSET (Type, field.title));                                            \
    gtk_widget_class_bind_template_child_full (widget_class, "message", FALSE,         \
      G_STRUCT_OFFSET (Type, field.message));                                          \
    gtk_widget_class_bind_template_child_full (widget_class, "scroller", FALSE,        \
      G_STRUCT_OFFSET (Type, field.scroller));                                         \
    gtk_widget_class_bind_template_child_full (widget_class, "view", FALSE,            \
      G_STRUCT_OFFSET (Type, field.view));                                             \
    gtk_widget_class_bind_template_child_full (widget_class, "store", FALSE,           \
      G_STRUCT_OFFSET (Type, field.store));                                            \
    gtk_widget_class_bind_template_child_full (widget_class, "selection", FALSE,       \
      G_STRUCT_OFFSET (Type, field.selection));                                        \
    gtk_widget_class_bind_template_child_full (widget_class, "share_column", FALSE,    \
      G_STRUCT_OFFSET (Type, field.share_column));                                     \
  } G_STMT_END

/* After gtk_widget_init_template(): the heat column's cells. */
void     cs_annotate_view_init        (CsAnnotateView     *view);
void     cs_annotate_view_clear       (CsAnnotateView     *view);
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
