/* cs-annotate-view.c — what the source and disassembly panes share */

#include "config.h"

#include "cs-annotate-view.h"

void
cs_annotate_view_init (CsAnnotateView *view,
                       GtkWidget      *parent,
                       GType           item_type)
{
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
  GtkColumnViewColumn *column = cs_list_column_new (title, kind, func, NULL);

  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_append_column (view->view, column);
  g_object_unref (column);
  return column;
}

void
cs_annotate_view_set_events (CsAnnotateView     *view,
                             const char * const *events,
                             CsCellFunc          func)
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
        cs_list_column_new (view->events[i], CS_CELL_NUMBER, func, GUINT_TO_POINTER (i));

      /* A symbol's samples per line or instruction are short numbers; the
       * room goes to the code. */
      cs_list_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_CLIP, 4, 6);
      gtk_column_view_insert_column (view->view, view->events_position + i, column);
      g_ptr_array_add (view->event_columns, column);
    }
}

void
cs_annotate_view_set_rows (CsAnnotateView *view,
                           GPtrArray      *rows)
{
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

void
cs_annotate_view_select (CsAnnotateView *view,
                         guint           position)
{
  if (position >= g_list_model_get_n_items (G_LIST_MODEL (view->store)))
    return;
  gtk_single_selection_set_selected (view->selection, position);
  cs_column_view_scroll_to (view->view, position);
}
