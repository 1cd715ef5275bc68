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
cs_annotate_view_init (CsAnnotateView *view)
{
  view->hot_position = GTK_INVALID_LIST_POSITION;
  view->event_columns = g_ptr_array_new_with_free_func (g_object_unref);
  cs_column_set_cells (view->share_column, CS_CELL_HEAT, cell_share, NULL, NULL);
}

void
cs_annotate_view_clear (CsAnnotateView *view)
{
  g_clear_pointer (&view->event_columns, g_ptr_array_unref);
  g_clear_pointer (&view->events, g_strfreev);
}

static void
set_events (CsAnnotateView     *view,
            const char * const *events)
{
  GListModel *columns = gtk_column_view_get_columns (view->view);

  /* The event columns follow the heat column. */
  for (guint i = 0; view->events == NULL && i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (column == view->share_column)
        view->events_position = i + 1;
    }
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
  gtk_label_set_text (view->message, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (view->message), message != NULL);
  gtk_widget_set_visible (view->scroller, message == NULL);
}

const char *
cs_annotate_view_get_message (CsAnnotateView *view)
{
  /* The label holds the message exactly while it stands for the table. */
  return gtk_widget_get_visible (GTK_WIDGET (view->message)) ? gtk_label_get_text (view->message) : NULL;
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
