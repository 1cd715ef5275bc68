/* cs-annotate-view.h — what the source and disassembly panes share (private)
 *
 * A heading, a column view of annotate rows with a column of samples per
 * sampled event, and a message shown instead of the table when there is
 * nothing to show (and why).
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-list-columns.h"

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
  char              **events;
  guint               events_position; /* where the event columns go */
} CsAnnotateView;

/* Builds the children into @parent (which has a vertical GtkBoxLayout). */
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
/* One "samples" column per event, at the position of the next
 * cs_annotate_view_add_column() when first called; @func receives the
 * event's index as user data. */
void     cs_annotate_view_set_events  (CsAnnotateView     *view,
                                       const char * const *events,
                                       CsCellFunc          func);
/* Replaces the rows (@rows: GPtrArray of items, may be NULL). */
void     cs_annotate_view_set_rows    (CsAnnotateView     *view,
                                       GPtrArray          *rows);
/* NULL shows the table, otherwise the message instead of it. */
void     cs_annotate_view_set_message (CsAnnotateView     *view,
                                       const char         *message);
/* Selects and scrolls to @position. */
void     cs_annotate_view_select      (CsAnnotateView     *view,
                                       guint               position);

G_END_DECLS
