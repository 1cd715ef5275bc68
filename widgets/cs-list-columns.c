/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-list-columns.c — column view columns built from a fill function */

#include "config.h"

#include "cs-list-columns.h"
#include "cs-widgets-util.h"

typedef struct
{
  CsCellKind  kind;
  CsCellFunc  func;
  gpointer    user_data;
  /* Overrides of the kind's defaults; -1 keeps them. */
  int         overflow;
  int         min_chars;
  int         nat_chars;
  /* > 0: cells ask for the width of their text, up to this many chars. */
  int         fit_chars;
} ColumnData;

static void
update_state_classes (GObject    *item,
                      GParamSpec *pspec,
                      GtkWidget  *cell)
{
  static const char * const props[] = { "linked", "hot" };
  static const char * const classes[] = { "cs-linked", "cs-hot" };

  for (guint i = 0; i < G_N_ELEMENTS (props); i++)
    {
      gboolean on = FALSE;

      if (g_object_class_find_property (G_OBJECT_GET_CLASS (item), props[i]) == NULL)
        continue;
      g_object_get (item, props[i], &on, NULL);
      if (on)
        gtk_widget_add_css_class (cell, classes[i]);
      else
        gtk_widget_remove_css_class (cell, classes[i]);
    }
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            ColumnData               *data)
{
  GtkWidget *cell;

  if (data->kind == CS_CELL_HEAT)
    cell = cs_heat_cell_new ();
  else
    {
      cell = gtk_inscription_new (NULL);
      switch (data->kind)
        {
        case CS_CELL_NUMBER:
          gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), 1.0);
          gtk_widget_add_css_class (cell, "numeric");
          gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 6);
          gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), 10);
          break;
        case CS_CELL_CODE:
          gtk_widget_add_css_class (cell, "cs-annotate-text");
          gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_CLIP);
          gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 20);
          gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), 60);
          break;
        case CS_CELL_TEXT:
        case CS_CELL_HEAT:
        default:
          gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
          gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 8);
          gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), 20);
          break;
        }
    }
  if (GTK_IS_INSCRIPTION (cell))
    {
      if (data->overflow >= 0)
        gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), data->overflow);
      if (data->min_chars >= 0)
        gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), data->min_chars);
      if (data->nat_chars >= 0)
        gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), data->nat_chars);
    }
  cs_cell_tooltip_init (cell);
  gtk_list_item_set_child (list_item, cell);
}

/* The column takes the width of its longest drawn cell: its text whole
 * (an address, a file:line) up to the column's limit. */
static void
fit_to_text (ColumnData *data,
             GtkWidget  *cell,
             const char *text)
{
  guint n = text != NULL ? (guint) g_utf8_strlen (text, -1) : 0;

  n = MIN (n, (guint) data->fit_chars);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), MAX (n, (guint) MAX (data->nat_chars, 0)));
  /* A monospace cell must not shrink below its text: addresses are never
   * cut; a proportional one keeps its minimum and ellipsizes. */
  if (data->kind == CS_CELL_CODE)
    gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), MAX (n, (guint) MAX (data->min_chars, 0)));
}

static void
fill (ColumnData    *data,
      gpointer       item,
      CsCellContent *content)
{
  *content = (CsCellContent) { NULL, FALSE, NULL, 0 };
  data->func (item, content, data->user_data);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           ColumnData               *data)
{
  GObject *item = gtk_list_item_get_item (list_item);
  GtkWidget *cell = gtk_list_item_get_child (list_item);
  CsCellContent content;

  if (item == NULL || cell == NULL)
    return;
  fill (data, item, &content);
  if (data->kind == CS_CELL_HEAT)
    cs_heat_cell_set (CS_HEAT_CELL (cell), content.fraction, content.text);
  else if (content.markup)
    gtk_inscription_set_markup (GTK_INSCRIPTION (cell), content.text);
  else
    gtk_inscription_set_text (GTK_INSCRIPTION (cell), content.text);
  if (data->fit_chars > 0 && GTK_IS_INSCRIPTION (cell) && !content.markup)
    fit_to_text (data, cell, content.text);
  cs_cell_tooltip_take (cell, content.tooltip);
  g_free (content.text);

  update_state_classes (item, NULL, cell);
  g_signal_connect_object (item, "notify::linked", G_CALLBACK (update_state_classes), cell, 0);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             ColumnData               *data)
{
  GObject *item = gtk_list_item_get_item (list_item);
  GtkWidget *cell = gtk_list_item_get_child (list_item);

  if (item != NULL && cell != NULL)
    g_signal_handlers_disconnect_by_func (item, update_state_classes, cell);
}

GtkColumnViewColumn *
cs_list_column_new (const char *title,
                    CsCellKind  kind,
                    CsCellFunc  func,
                    gpointer    user_data)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  ColumnData *data = g_new0 (ColumnData, 1);
  GtkColumnViewColumn *column;

  data->kind = kind;
  data->func = func;
  data->user_data = user_data;
  data->overflow = data->min_chars = data->nat_chars = -1;
  /* The factory owns the data: it goes with the column. */
  g_object_set_data_full (G_OBJECT (factory), "cs-column-data", data, g_free);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), data);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), data);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), data);

  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_resizable (column, TRUE);
  return column;
}

static ColumnData *
column_data (GtkColumnViewColumn *column)
{
  GtkListItemFactory *factory = gtk_column_view_column_get_factory (column);

  return factory != NULL ? g_object_get_data (G_OBJECT (factory), "cs-column-data") : NULL;
}

void
cs_list_column_set_text_layout (GtkColumnViewColumn    *column,
                                GtkInscriptionOverflow  overflow,
                                int                     min_chars,
                                int                     nat_chars)
{
  ColumnData *data = column_data (column);

  g_return_if_fail (data != NULL);
  data->overflow = (int) overflow;
  data->min_chars = min_chars;
  data->nat_chars = nat_chars;
}

void
cs_list_column_set_fit_text (GtkColumnViewColumn *column,
                             guint                max_chars)
{
  ColumnData *data = column_data (column);

  g_return_if_fail (data != NULL);
  data->fit_chars = (int) max_chars;
}

char *
cs_list_column_get_text (GtkColumnViewColumn *column,
                         gpointer             item)
{
  GtkListItemFactory *factory = gtk_column_view_column_get_factory (column);
  ColumnData *data = factory ? g_object_get_data (G_OBJECT (factory), "cs-column-data") : NULL;
  CsCellContent content;

  if (data == NULL || item == NULL)
    return NULL;
  fill (data, item, &content);
  g_free (content.tooltip);
  return content.text;
}

void
cs_column_view_scroll_to (GtkColumnView *view,
                          guint          position)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      {
        gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
        return;
      }
}
