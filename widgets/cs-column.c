/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-column.c — the cells of every table column, from one fill function
 *
 * The column's settings live with its factory (object data), so they go
 * with it, and every signal the factory emits still finds them.
 */

#include "config.h"

#include <string.h>

#include "cs-column.h"
#include "cs-widgets-util.h"

typedef struct
{
  CsCellKind      kind;
  CsCellFunc      func;
  gpointer        user_data;
  GDestroyNotify  destroy;
  /* Overrides of the kind's defaults; -1 keeps them. */
  int             overflow;
  int             min_chars;
  int             nat_chars;
  /* > 0: cells ask for the width of their text, up to this many chars. */
  int             fit_chars;
  gboolean        sorted;
  GHashTable     *cells;       /* the cells bound to an item */
} ColumnCells;

static void
column_cells_free (gpointer data)
{
  ColumnCells *cells = data;

  if (cells->destroy != NULL)
    cells->destroy (cells->user_data);
  g_hash_table_unref (cells->cells);
  g_free (cells);
}

static ColumnCells *
get_cells (GtkColumnViewColumn *column)
{
  GtkListItemFactory *factory = gtk_column_view_column_get_factory (column);

  return factory != NULL ? g_object_get_data (G_OBJECT (factory), "cs-column-cells") : NULL;
}

static void
set_class (GtkWidget  *cell,
           const char *name,
           gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (cell, name);
  else
    gtk_widget_remove_css_class (cell, name);
}

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
      set_class (cell, classes[i], on);
    }
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            ColumnCells              *cells)
{
  GtkWidget *cell;

  if (cells->kind == CS_CELL_HEAT)
    cell = cs_heat_cell_new ();
  else
    {
      GtkInscription *text = GTK_INSCRIPTION (gtk_inscription_new (NULL));

      cell = GTK_WIDGET (text);
      switch (cells->kind)
        {
        case CS_CELL_NUMBER:
          gtk_inscription_set_xalign (text, 1.0);
          gtk_widget_add_css_class (cell, "numeric");
          gtk_inscription_set_min_chars (text, 6);
          gtk_inscription_set_nat_chars (text, 10);
          break;
        case CS_CELL_CODE:
          /* A line longer than its pane ends in "…" and shows whole in its
           * tooltip (see bind), rather than being cut without a sign. */
          gtk_widget_add_css_class (cell, "cs-annotate-text");
          gtk_inscription_set_text_overflow (text, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
          gtk_inscription_set_min_chars (text, 20);
          gtk_inscription_set_nat_chars (text, 60);
          break;
        case CS_CELL_TEXT:
        case CS_CELL_TREE:
        case CS_CELL_HEAT:
        default:
          gtk_inscription_set_text_overflow (text, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
          gtk_inscription_set_min_chars (text, 8);
          gtk_inscription_set_nat_chars (text, 20);
          break;
        }
      if (cells->overflow >= 0)
        gtk_inscription_set_text_overflow (text, cells->overflow);
      if (cells->min_chars >= 0)
        gtk_inscription_set_min_chars (text, cells->min_chars);
      if (cells->nat_chars >= 0)
        gtk_inscription_set_nat_chars (text, cells->nat_chars);
    }
  cs_cell_tooltip_init (cell);
  if (cells->kind == CS_CELL_TREE)
    {
      GtkWidget *expander = gtk_tree_expander_new ();

      gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), cell);
      cell = expander;
    }
  gtk_list_item_set_child (list_item, cell);
}

/* The widget that shows the text: the cell, or the tree expander's child. */
static GtkWidget *
text_of (GtkWidget *cell)
{
  return GTK_IS_TREE_EXPANDER (cell) ? gtk_tree_expander_get_child (GTK_TREE_EXPANDER (cell)) : cell;
}

/* The column takes the width of its longest drawn cell: its text whole
 * (an address, a file:line) up to the column's limit. */
static void
fit_to_text (ColumnCells *cells,
             GtkWidget   *cell,
             const char  *text)
{
  guint n = text != NULL ? (guint) g_utf8_strlen (text, -1) : 0;

  n = MIN (n, (guint) cells->fit_chars);
  /* Nor does it shrink below it: the table scrolls sideways instead. */
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), MAX (n, (guint) MAX (cells->nat_chars, 0)));
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), MAX (n, (guint) MAX (cells->min_chars, 0)));
}

static void
fill (ColumnCells   *cells,
      gpointer       item,
      CsCellContent *content)
{
  *content = (CsCellContent) { NULL, FALSE, NULL, 0, 0, FALSE };
  cells->func (item, content, cells->user_data);
}

/* Attributes rather than markup, which would be parsed for every cell
 * bound: the dimmed tail is a marker that qualifies the number. */
static void
set_text (GtkInscription      *text,
          const CsCellContent *content)
{
  PangoAttrList *attrs = NULL;

  if (content->markup)
    {
      gtk_inscription_set_markup (text, content->text);
      return;
    }
  gtk_inscription_set_text (text, content->text);
  if (content->text != NULL && (content->dim || content->dim_from > 0) && content->dim_from < strlen (content->text))
    {
      PangoAttribute *alpha = pango_attr_foreground_alpha_new (0.6 * G_MAXUINT16);

      alpha->start_index = content->dim ? 0 : content->dim_from;
      alpha->end_index = strlen (content->text);
      attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, alpha);
    }
  gtk_inscription_set_attributes (text, attrs);
  g_clear_pointer (&attrs, pango_attr_list_unref);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           ColumnCells              *cells)
{
  GObject *item = gtk_list_item_get_item (list_item);
  GtkWidget *cell = gtk_list_item_get_child (list_item);
  CsCellContent content;

  if (item == NULL || cell == NULL)
    return;
  if (GTK_IS_TREE_EXPANDER (cell))
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (cell), GTK_TREE_LIST_ROW (item));
      cell = text_of (cell);
    }
  fill (cells, item, &content);
  if (cells->kind == CS_CELL_HEAT)
    cs_heat_cell_set (CS_HEAT_CELL (cell), content.fraction, content.text);
  else
    set_text (GTK_INSCRIPTION (cell), &content);
  if (cells->fit_chars > 0 && GTK_IS_INSCRIPTION (cell) && !content.markup)
    fit_to_text (cells, cell, content.text);
  /* Code the column may be too narrow for (it is at least min-chars wide). */
  if (cells->kind == CS_CELL_CODE && content.tooltip == NULL && content.text != NULL && !content.markup &&
      (int) g_utf8_strlen (content.text, -1) > gtk_inscription_get_min_chars (GTK_INSCRIPTION (cell)))
    content.tooltip = g_strdup (content.text);
  cs_cell_tooltip_take (cell, content.tooltip);
  g_free (content.text);

  set_class (cell, "cs-sorted", cells->sorted);
  /* the row under a point, for context menus (GTK 4.8 has no row-at-point) */
  g_object_set_data (G_OBJECT (cell), "cs-item", item);
  g_hash_table_add (cells->cells, cell);
  update_state_classes (item, NULL, cell);
  g_signal_connect_object (item, "notify::linked", G_CALLBACK (update_state_classes), cell, 0);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             ColumnCells              *cells)
{
  GObject *item = gtk_list_item_get_item (list_item);
  GtkWidget *cell = gtk_list_item_get_child (list_item);

  if (cell == NULL)
    return;
  cell = text_of (cell);
  g_hash_table_remove (cells->cells, cell);
  if (item != NULL)
    g_signal_handlers_disconnect_by_func (item, update_state_classes, cell);
}

void
cs_column_set_cells (GtkColumnViewColumn *column,
                     CsCellKind           kind,
                     CsCellFunc           func,
                     gpointer             user_data,
                     GDestroyNotify       destroy)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  ColumnCells *cells = g_new0 (ColumnCells, 1);

  g_return_if_fail (GTK_IS_COLUMN_VIEW_COLUMN (column));
  g_return_if_fail (func != NULL);

  cells->kind = kind;
  cells->func = func;
  cells->user_data = user_data;
  cells->destroy = destroy;
  cells->overflow = cells->min_chars = cells->nat_chars = -1;
  cells->cells = g_hash_table_new (NULL, NULL);
  g_object_set_data_full (G_OBJECT (factory), "cs-column-cells", cells, column_cells_free);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), cells);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), cells);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), cells);
  gtk_column_view_column_set_factory (column, factory);
}

GtkColumnViewColumn *
cs_column_new (const char     *title,
               CsCellKind      kind,
               CsCellFunc      func,
               gpointer        user_data,
               GDestroyNotify  destroy)
{
  GtkColumnViewColumn *column = gtk_column_view_column_new (title, NULL);

  gtk_column_view_column_set_resizable (column, TRUE);
  cs_column_set_cells (column, kind, func, user_data, destroy);
  return column;
}

void
cs_column_set_text_layout (GtkColumnViewColumn    *column,
                           GtkInscriptionOverflow  overflow,
                           int                     min_chars,
                           int                     nat_chars)
{
  ColumnCells *cells = get_cells (column);

  g_return_if_fail (cells != NULL);
  cells->overflow = (int) overflow;
  cells->min_chars = min_chars;
  cells->nat_chars = nat_chars;
}

void
cs_column_set_fit_text (GtkColumnViewColumn *column,
                        guint                max_chars)
{
  ColumnCells *cells = get_cells (column);

  g_return_if_fail (cells != NULL);
  cells->fit_chars = (int) max_chars;
}

void
cs_column_set_sorted (GtkColumnViewColumn *column,
                      gboolean             sorted)
{
  ColumnCells *cells = get_cells (column);
  GHashTableIter iter;
  gpointer cell;

  if (cells == NULL || cells->sorted == sorted)
    return;
  cells->sorted = sorted;
  g_hash_table_iter_init (&iter, cells->cells);
  while (g_hash_table_iter_next (&iter, &cell, NULL))
    set_class (cell, "cs-sorted", sorted);
}

char *
cs_column_get_text (GtkColumnViewColumn *column,
                    gpointer             item)
{
  ColumnCells *cells = get_cells (column);
  CsCellContent content;

  if (cells == NULL || item == NULL)
    return NULL;
  fill (cells, item, &content);
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

/* The list the user works in inside @pane: its first drawn column view (the
 * symbol pane has one per event tab, only the visible one is drawn). */
static GtkWidget *
find_drawn_column_view (GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget) || !gtk_widget_get_child_visible (widget))
    return NULL;
  if (GTK_IS_COLUMN_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_drawn_column_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The drawn row of @view that shows a selected item. GtkListBase moves its
 * keyboard cursor to a row that takes the focus; a selection made by code
 * (the hottest line) does not move it, so arrows would start elsewhere. */
static GtkWidget *
find_selected_row (GtkWidget *widget)
{
  if (g_strcmp0 (gtk_widget_get_css_name (widget), "row") == 0 &&
      (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_SELECTED) != 0 &&
      gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_selected_row (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Rows exist once the list was laid out, so this runs from the frame clock
 * until the selected row is there (a few frames at most). */
static gboolean
focus_selected_row (GtkWidget     *view,
                    GdkFrameClock *clock,
                    gpointer       user_data)
{
  guint *frames = g_object_get_data (G_OBJECT (view), "cs-focus-frames");
  GtkRoot *root = gtk_widget_get_root (view);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *row;

  /* The user went elsewhere meanwhile: leave the focus alone. */
  if (focus == NULL || (focus != view && !gtk_widget_is_ancestor (focus, view)))
    return G_SOURCE_REMOVE;
  row = find_selected_row (view);
  if (row != NULL)
    {
      if (focus != row)
        gtk_widget_grab_focus (row);
      return G_SOURCE_REMOVE;
    }
  return ++(*frames) < 10 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

void
cs_column_view_focus_in (GtkWidget *pane)
{
  GtkWidget *view = find_drawn_column_view (pane);

  if (view == NULL || !gtk_widget_grab_focus (view))
    {
      gtk_widget_child_focus (pane, GTK_DIR_TAB_FORWARD);
      return;
    }
  g_object_set_data_full (G_OBJECT (view), "cs-focus-frames", g_new0 (guint, 1), g_free);
  gtk_widget_add_tick_callback (view, focus_selected_row, NULL, NULL);
}
