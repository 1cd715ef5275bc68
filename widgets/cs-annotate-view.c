/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-annotate-view.c — what the source and disassembly panes share */

#include "config.h"

#include <glib/gi18n.h>

#include "cs-annotate-view.h"
#include "cs-chart-format.h"

static void
cell_share (gpointer item, CsCellContent *content, gpointer data)
{
  double share = cs_annotate_row_get_share (item);

  content->fraction = share;
  content->text = share > 0 ? cs_chart_format_share (share) : g_strdup ("");
}

static void
cell_samples (gpointer item, CsCellContent *content, gpointer data)
{
  guint64 samples = cs_annotate_row_get_samples (item, GPOINTER_TO_UINT (data));

  content->text = samples > 0 ? cs_chart_format_grouped ((double) samples, 0) : g_strdup ("");
}

void
cs_annotate_view_init (CsAnnotateView *view,
                       GtkWidget      *parent,
                       GType           item_type)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (parent);

  g_return_if_fail (g_type_is_a (item_type, CS_TYPE_ANNOTATE_ROW));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  view->hot_position = GTK_INVALID_LIST_POSITION;
  view->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (view->title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (view->title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (view->title, "cs-pane-title");
  gtk_widget_set_parent (view->title, parent);

  view->store = g_list_store_new (item_type);
  view->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (view->store)));
  gtk_single_selection_set_autoselect (view->selection, FALSE);
  gtk_single_selection_set_can_unselect (view->selection, TRUE);
  view->view = GTK_COLUMN_VIEW (gtk_column_view_new (g_object_ref (GTK_SELECTION_MODEL (view->selection))));
  gtk_widget_add_css_class (GTK_WIDGET (view->view), "data-table");
  view->event_columns = g_ptr_array_new_with_free_func (g_object_unref);

  view->scroller = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (view->scroller, TRUE);
  gtk_widget_set_hexpand (view->scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (view->scroller), GTK_WIDGET (view->view));
  gtk_widget_set_parent (view->scroller, parent);

  view->message = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (view->message), TRUE);
  gtk_label_set_selectable (GTK_LABEL (view->message), TRUE);
  gtk_widget_add_css_class (view->message, "cs-pane-message");
  gtk_widget_add_css_class (view->message, "dim-label");
  gtk_widget_set_vexpand (view->message, TRUE);
  gtk_widget_set_valign (view->message, GTK_ALIGN_CENTER);
  gtk_widget_set_visible (view->message, FALSE);
  gtk_widget_set_parent (view->message, parent);
}

void
cs_annotate_view_destroy (CsAnnotateView *view,
                          GtkWidget      *parent)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (parent)) != NULL)
    gtk_widget_unparent (child);
  view->title = view->message = view->scroller = NULL;
  view->view = NULL;
  g_clear_pointer (&view->event_columns, g_ptr_array_unref);
  g_clear_object (&view->selection);
  g_clear_object (&view->store);
  g_clear_pointer (&view->events, g_strfreev);
}

GtkColumnViewColumn *
cs_annotate_view_add_column (CsAnnotateView *view,
                             const char     *title,
                             CsCellKind      kind,
                             CsCellFunc      func,
                             gboolean        expand)
{
  GtkColumnViewColumn *column = cs_column_new (title, kind, func, NULL, NULL);

  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_append_column (view->view, column);
  g_object_unref (column);
  return column;
}

static void
set_events (CsAnnotateView     *view,
            const char * const *events)
{
  GListModel *columns = gtk_column_view_get_columns (view->view);

  if (view->events == NULL)
    view->events_position = g_list_model_get_n_items (columns);
  for (guint i = 0; i < view->event_columns->len; i++)
    gtk_column_view_remove_column (view->view, g_ptr_array_index (view->event_columns, i));
  g_ptr_array_set_size (view->event_columns, 0);
  g_strfreev (view->events);
  view->events = g_strdupv ((char **) events);
  if (view->events == NULL)
    view->events = g_new0 (char *, 1);

  for (guint i = 0; view->events[i] != NULL; i++)
    {
      GtkColumnViewColumn *column =
        cs_column_new (view->events[i], CS_CELL_NUMBER, cell_samples, GUINT_TO_POINTER (i), NULL);

      /* A symbol's samples per line or instruction are short numbers; the
       * room goes to the code. */
      cs_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_CLIP, 4, 6);
      gtk_column_view_insert_column (view->view, view->events_position + i, column);
      g_ptr_array_add (view->event_columns, column);
    }
}

void
cs_annotate_view_add_sample_columns (CsAnnotateView *view)
{
  cs_annotate_view_add_column (view, _("Share"), CS_CELL_HEAT, cell_share, FALSE);
  set_events (view, NULL);
}

guint
cs_annotate_view_set_analysis (CsAnnotateView *view,
                               CsAnalysis     *analysis,
                               const char     *event)
{
  const CsProfileEvent *default_event = cs_analysis_get_default_event (analysis);
  guint heat = 0;

  set_events (view, cs_analysis_get_sampled_events (analysis));
  if (event == NULL && default_event != NULL)
    event = default_event->name;
  for (guint i = 0; view->events[i] != NULL; i++)
    if (g_strcmp0 (view->events[i], event) == 0)
      heat = i;
  return heat;
}

void
cs_annotate_view_set_rows (CsAnnotateView *view,
                           GPtrArray      *rows,
                           guint           heat,
                           guint64         total)
{
  guint64 hottest = 0;

  view->hot_position = GTK_INVALID_LIST_POSITION;
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      CsAnnotateRow *row = g_ptr_array_index (rows, i);
      guint64 samples = cs_annotate_row_get_samples (row, heat);

      if (total > 0)
        cs_annotate_row_set_share (row, (double) samples / (double) total);
      if (samples > hottest)
        {
          hottest = samples;
          view->hot_position = i;
        }
    }
  if (view->hot_position != GTK_INVALID_LIST_POSITION)
    cs_annotate_row_set_hot (g_ptr_array_index (rows, view->hot_position), TRUE);
  g_list_store_splice (view->store, 0, g_list_model_get_n_items (G_LIST_MODEL (view->store)),
                       rows != NULL ? rows->pdata : NULL, rows != NULL ? rows->len : 0);
}

void
cs_annotate_view_set_message (CsAnnotateView *view,
                              const char     *message)
{
  gtk_label_set_text (GTK_LABEL (view->message), message != NULL ? message : "");
  gtk_widget_set_visible (view->message, message != NULL);
  gtk_widget_set_visible (view->scroller, message == NULL);
}

const char *
cs_annotate_view_get_message (CsAnnotateView *view)
{
  /* The label holds the message exactly while it stands for the table. */
  return gtk_widget_get_visible (view->message) ? gtk_label_get_text (GTK_LABEL (view->message)) : NULL;
}

void
cs_annotate_view_select (CsAnnotateView *view,
                         guint           position)
{
  if (position >= g_list_model_get_n_items (G_LIST_MODEL (view->store)))
    return;
  gtk_single_selection_set_selected (view->selection, position);
  cs_column_view_scroll_to (view->view, position);
}
