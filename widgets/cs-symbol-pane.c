/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-pane.c — the hot symbols of the selected module, per event */

#include "config.h"

#include <glib/gi18n.h>

#include "cs-chart-format.h"
#include "cs-column.h"
#include "cs-row-menu.h"
#include "cs-symbol-pane.h"
#include "cs-widgets-util.h"

#define DEFAULT_LIMIT 20

typedef struct
{
  char               *event;
  GListStore         *store;
  GtkSingleSelection *selection;
  GtkColumnView      *view;
  GtkColumnViewColumn *library;     /* owned by the view */
  GtkColumnViewColumn *signature;
} Page;

struct _CsSymbolPane
{
  GtkWidget    parent_instance;
  GtkWidget   *title_label;
  GtkWidget   *switcher;
  GtkWidget   *stack;
  GtkWidget   *message;

  CsAnalysis  *analysis;
  CsModuleRow *module;
  char        *title;
  GPtrArray   *pages;          /* Page* */
  char        *wanted_event;   /* the tab the user chose, kept across modules */
  guint        limit;
  gboolean     rebuilding;
};

G_DEFINE_FINAL_TYPE (CsSymbolPane, cs_symbol_pane, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANALYSIS,
  PROP_LIMIT,
  N_PROPS
};

enum {
  SYMBOL_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
page_free (gpointer data)
{
  Page *page = data;

  g_free (page->event);
  g_clear_object (&page->store);
  g_clear_object (&page->selection);
  g_free (page);
}

static Page *
find_page (CsSymbolPane *self,
           const char   *event)
{
  for (guint i = 0; i < self->pages->len; i++)
    {
      Page *page = g_ptr_array_index (self->pages, i);

      if (event == NULL ? FALSE : g_strcmp0 (page->event, event) == 0)
        return page;
    }
  return NULL;
}

/* Cells */

static void
cell_samples (gpointer item, CsCellContent *content, gpointer data)
{
  content->text = cs_chart_format_grouped ((double) cs_symbol_item_get_samples (item), 0);
}

static void
cell_share (gpointer item, CsCellContent *content, gpointer data)
{
  g_autofree char *total = cs_chart_format_share (cs_symbol_item_get_percent (item) / 100.0);
  g_autofree char *module = cs_chart_format_share (cs_symbol_item_get_module_percent (item) / 100.0);

  content->fraction = cs_symbol_item_get_share (item);
  content->text = cs_chart_format_share (content->fraction);
  /* Translators: tooltip of a hot symbol's share */
  content->tooltip = g_strdup_printf (_("%s of the module, %s of the program (estimated from samples)"),
                                      module, total);
}

static void
cell_symbol (gpointer item, CsCellContent *content, gpointer data)
{
  content->text = g_strdup (cs_symbol_item_get_name (item));
  content->tooltip = g_strdup (cs_symbol_item_get_signature (item));
}

static void
cell_library (gpointer item, CsCellContent *content, gpointer data)
{
  const CsProfileSymbol *symbol = cs_symbol_item_get_symbol (item);

  content->text = g_strdup (cs_symbol_item_get_library (item));
  content->tooltip = g_strdup (symbol->module != NULL ? symbol->module->path : NULL);
}

static void
cell_signature (gpointer item, CsCellContent *content, gpointer data)
{
  content->text = g_strdup (cs_symbol_item_get_signature (item));
  content->tooltip = g_strdup (content->text);
}

/* Pages */

static void
on_activate (GtkColumnView *view,
             guint          position,
             CsSymbolPane  *self)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr(CsSymbolItem) item = g_list_model_get_item (model, position);

  if (item != NULL)
    g_signal_emit (self, signals[SYMBOL_ACTIVATED], 0, item);
}

/* The context menu's function (cs-row-menu.h), as the flame graph names it. */
static const char *
function_value (gpointer item,
                gpointer user_data)
{
  return cs_symbol_item_get_name (item);
}

static Page *
page_new (CsSymbolPane *self,
          const char   *event)
{
  Page *page = g_new0 (Page, 1);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkColumnViewColumn *column;

  page->event = g_strdup (event);
  page->store = g_list_store_new (CS_TYPE_SYMBOL_ITEM);
  page->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (page->store)));
  page->view = GTK_COLUMN_VIEW (gtk_column_view_new (g_object_ref (GTK_SELECTION_MODEL (page->selection))));
  gtk_widget_add_css_class (GTK_WIDGET (page->view), "data-table");
  gtk_column_view_set_show_column_separators (page->view, TRUE);
  g_signal_connect (page->view, "activate", G_CALLBACK (on_activate), self);
  cs_row_menu_attach (page->view, "function", function_value, NULL);

  /* The names get the room: the numbers ask for what they need, the
   * library is narrow (and hidden when it would repeat the module), the
   * symbol and its signature take the rest, ellipsized with the whole text
   * in their tooltips. */
  column = cs_column_new (_("Samples"), CS_CELL_NUMBER, cell_samples, NULL, NULL);
  cs_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_CLIP, 4, 7);
  gtk_column_view_append_column (page->view, column);
  g_object_unref (column);
  column = cs_column_new (_("Share"), CS_CELL_HEAT, cell_share, NULL, NULL);
  gtk_column_view_column_set_fixed_width (column, 96);
  gtk_column_view_append_column (page->view, column);
  g_object_unref (column);
  column = cs_column_new (_("Symbol"), CS_CELL_TEXT, cell_symbol, NULL, NULL);
  /* "ns::Class::method": the middle goes, the class and the method stay. */
  cs_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_MIDDLE, 12, 32);
  gtk_column_view_column_set_expand (column, TRUE);
  gtk_column_view_append_column (page->view, column);
  g_object_unref (column);
  column = cs_column_new (_("Library"), CS_CELL_TEXT, cell_library, NULL, NULL);
  cs_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_MIDDLE, 6, 14);
  gtk_column_view_append_column (page->view, column);
  page->library = column;
  g_object_unref (column);
  column = cs_column_new (_("Signature"), CS_CELL_TEXT, cell_signature, NULL, NULL);
  cs_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 12, 48);
  gtk_column_view_column_set_expand (column, TRUE);
  gtk_column_view_append_column (page->view, column);
  page->signature = column;
  g_object_unref (column);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (page->view));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_stack_add_titled (GTK_STACK (self->stack), scroller, event, event);
  return page;
}

static void
clear_pages (CsSymbolPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->stack)) != NULL)
    gtk_stack_remove (GTK_STACK (self->stack), child);
  g_ptr_array_set_size (self->pages, 0);
}

static const CsScope *
find_scope (CsSymbolPane *self)
{
  int id;

  if (self->analysis == NULL || self->module == NULL)
    return NULL;
  /* A region's own symbols when its samples were attributed (record
   * --regions); a region that was only counted has none. */
  if (cs_module_row_get_kind (self->module) == CS_SCOPE_REGION)
    {
      const CsScope *region = cs_analysis_find_region (self->analysis, cs_module_row_get_name (self->module));

      return region != NULL && region->region_id > 0 ? region : NULL;
    }
  id = cs_module_row_get_module_id (self->module);
  for (guint i = 0; id >= 0 && i < cs_analysis_get_n_scopes (self->analysis); i++)
    {
      const CsScope *scope = cs_analysis_get_scope (self->analysis, i);

      if (scope->kind == CS_SCOPE_MODULE && scope->module_id == id)
        return scope;
    }
  return NULL;
}

static void
update_title (CsSymbolPane  *self,
              const CsScope *scope)
{
  g_free (self->title);
  if (scope != NULL && scope->kind == CS_SCOPE_REGION)
    /* Translators: heading of the hot-symbols pane, %s is a region (an
     * instrumented framework module) */
    self->title = g_strdup_printf (_("Hot symbols — region %s"), scope->name);
  else if (scope != NULL)
    /* Translators: heading of the hot-symbols pane, %s is a module */
    self->title = g_strdup_printf (_("Hot symbols — %s"), scope->name);
  else if (self->module != NULL && cs_module_row_get_kind (self->module) == CS_SCOPE_REGION)
    self->title = g_strdup (_("Hot symbols — whole program (regions are counted, not sampled)"));
  else
    self->title = g_strdup (_("Hot symbols — whole program"));
  gtk_label_set_text (GTK_LABEL (self->title_label), self->title);
}

/* Columns that would only repeat what the pane already says are hidden:
 * the library when every row is from the module the title names, the
 * signature when every signature is just the name (C functions). */
static void
update_columns (Page          *page,
                const CsScope *scope,
                GPtrArray     *items)
{
  gboolean other_module = scope == NULL;
  gboolean has_signature = FALSE;

  for (guint i = 0; i < items->len; i++)
    {
      CsSymbolItem *item = g_ptr_array_index (items, i);
      const CsProfileSymbol *symbol = cs_symbol_item_get_symbol (item);
      const char *signature = cs_symbol_item_get_signature (item);

      if (scope != NULL && (symbol->module == NULL || (int) symbol->module->index != scope->module_id))
        other_module = TRUE;
      if (signature != NULL && g_strcmp0 (signature, cs_symbol_item_get_name (item)) != 0)
        has_signature = TRUE;
    }
  gtk_column_view_column_set_visible (page->library, other_module);
  gtk_column_view_column_set_visible (page->signature, has_signature);
}

static void
fill_pages (CsSymbolPane *self)
{
  const CsScope *scope = find_scope (self);

  update_title (self, scope);
  for (guint p = 0; p < self->pages->len; p++)
    {
      Page *page = g_ptr_array_index (self->pages, p);
      g_autoptr(GArray) rows = NULL;
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

      if (self->analysis != NULL)
        rows = cs_analysis_dup_top_symbols (self->analysis, scope, page->event);
      for (guint i = 0; rows != NULL && i < rows->len && i < self->limit; i++)
        {
          const CsProfileSymbolRow *row = &g_array_index (rows, CsProfileSymbolRow, i);
          /* A module's symbols as parts of the module (seed 000 Fig. 5.7);
           * otherwise of the whole program. */
          double share = (scope != NULL ? row->module_percent : row->percent) / 100.0;

          if (row->symbol != NULL)
            g_ptr_array_add (items, cs_symbol_item_new (self->analysis, page->event, row, share));
        }
      g_list_store_splice (page->store, 0, g_list_model_get_n_items (G_LIST_MODEL (page->store)),
                           items->pdata, items->len);
      if (items->len > 0)
        gtk_single_selection_set_selected (page->selection, 0);
      update_columns (page, scope, items);
    }
}

static void
update_message (CsSymbolPane *self)
{
  gboolean has_pages = self->pages->len > 0;

  gtk_widget_set_visible (self->stack, has_pages);
  gtk_widget_set_visible (self->switcher, self->pages->len > 1);
  gtk_widget_set_visible (self->message, !has_pages);
  if (self->analysis == NULL)
    gtk_label_set_text (GTK_LABEL (self->message), _("Open a recording to see its hot symbols."));
  else
    gtk_label_set_text (GTK_LABEL (self->message),
                        _("This recording has no samples, only counts: record with sampling "
                          "(cyclescope record samples by default) to see hot symbols."));
}

void
cs_symbol_pane_set_analysis (CsSymbolPane *self,
                             CsAnalysis   *analysis)
{
  const char * const *events;

  g_return_if_fail (CS_IS_SYMBOL_PANE (self));
  g_return_if_fail (analysis == NULL || CS_IS_ANALYSIS (analysis));

  if (analysis == self->analysis)
    return;
  g_clear_object (&self->module);
  g_set_object (&self->analysis, analysis);
  /* Adding tabs changes the visible one: not the user's choice. */
  self->rebuilding = TRUE;
  clear_pages (self);
  events = analysis != NULL ? cs_analysis_get_sampled_events (analysis) : NULL;
  for (guint i = 0; events != NULL && events[i] != NULL; i++)
    g_ptr_array_add (self->pages, page_new (self, events[i]));
  self->rebuilding = FALSE;

  /* Start on the event the module table's samples count. */
  if (self->wanted_event == NULL || find_page (self, self->wanted_event) == NULL)
    {
      const CsProfileEvent *event = analysis != NULL ? cs_analysis_get_default_event (analysis) : NULL;

      if (event != NULL && find_page (self, event->name) != NULL)
        gtk_stack_set_visible_child_name (GTK_STACK (self->stack), event->name);
    }
  else
    gtk_stack_set_visible_child_name (GTK_STACK (self->stack), self->wanted_event);

  update_message (self);
  fill_pages (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}

void
cs_symbol_pane_set_module (CsSymbolPane *self,
                           CsModuleRow  *row)
{
  g_return_if_fail (CS_IS_SYMBOL_PANE (self));
  g_return_if_fail (row == NULL || CS_IS_MODULE_ROW (row));

  g_set_object (&self->module, row);
  fill_pages (self);
}

CsModuleRow *
cs_symbol_pane_get_module (CsSymbolPane *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), NULL);
  return self->module;
}

const char *
cs_symbol_pane_get_title (CsSymbolPane *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), NULL);
  return self->title;
}

guint
cs_symbol_pane_get_n_events (CsSymbolPane *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), 0);
  return self->pages->len;
}

const char *
cs_symbol_pane_get_event (CsSymbolPane *self,
                          guint         index)
{
  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), NULL);
  g_return_val_if_fail (index < self->pages->len, NULL);
  return ((Page *) g_ptr_array_index (self->pages, index))->event;
}

const char *
cs_symbol_pane_get_visible_event (CsSymbolPane *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), NULL);
  if (self->pages->len == 0)
    return NULL;
  return gtk_stack_get_visible_child_name (GTK_STACK (self->stack));
}

gboolean
cs_symbol_pane_set_visible_event (CsSymbolPane *self,
                                  const char   *event)
{
  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), FALSE);

  if (find_page (self, event) == NULL)
    return FALSE;
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), event);
  return TRUE;
}

GListModel *
cs_symbol_pane_get_symbols (CsSymbolPane *self,
                            const char   *event)
{
  Page *page;

  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), NULL);

  page = find_page (self, event != NULL ? event : cs_symbol_pane_get_visible_event (self));
  return page != NULL ? G_LIST_MODEL (page->selection) : NULL;
}

void
cs_symbol_pane_activate (CsSymbolPane *self,
                         guint         position)
{
  Page *page;

  g_return_if_fail (CS_IS_SYMBOL_PANE (self));

  page = find_page (self, cs_symbol_pane_get_visible_event (self));
  if (page != NULL)
    on_activate (page->view, position, self);
}

void
cs_symbol_pane_set_limit (CsSymbolPane *self,
                          guint         limit)
{
  g_return_if_fail (CS_IS_SYMBOL_PANE (self));

  limit = limit > 0 ? limit : DEFAULT_LIMIT;
  if (self->limit == limit)
    return;
  self->limit = limit;
  fill_pages (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIMIT]);
}

guint
cs_symbol_pane_get_limit (CsSymbolPane *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), DEFAULT_LIMIT);
  return self->limit;
}

static void
on_visible_child (GtkStack     *stack,
                  GParamSpec   *pspec,
                  CsSymbolPane *self)
{
  const char *name = gtk_stack_get_visible_child_name (stack);

  if (name != NULL && self->pages->len > 0 && !self->rebuilding)
    {
      g_free (self->wanted_event);
      self->wanted_event = g_strdup (name);
    }
}

/* GObject */

static void
cs_symbol_pane_dispose (GObject *object)
{
  CsSymbolPane *self = CS_SYMBOL_PANE (object);
  GtkWidget *child;

  if (self->stack != NULL)
    g_signal_handlers_disconnect_by_data (self->stack, self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->stack = self->switcher = self->title_label = self->message = NULL;
  g_clear_pointer (&self->pages, g_ptr_array_unref);
  g_clear_object (&self->analysis);
  g_clear_object (&self->module);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->wanted_event, g_free);
  G_OBJECT_CLASS (cs_symbol_pane_parent_class)->dispose (object);
}

static void
cs_symbol_pane_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, CS_SYMBOL_PANE (object)->analysis);
      break;
    case PROP_LIMIT:
      g_value_set_uint (value, cs_symbol_pane_get_limit (CS_SYMBOL_PANE (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_symbol_pane_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_ANALYSIS:
      cs_symbol_pane_set_analysis (CS_SYMBOL_PANE (object), g_value_get_object (value));
      break;
    case PROP_LIMIT:
      cs_symbol_pane_set_limit (CS_SYMBOL_PANE (object), g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_symbol_pane_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cs_symbol_pane_parent_class)->root (widget);
  cs_widgets_ensure_style (widget);
}

static void
cs_symbol_pane_class_init (CsSymbolPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_symbol_pane_dispose;
  object_class->get_property = cs_symbol_pane_get_property;
  object_class->set_property = cs_symbol_pane_set_property;
  widget_class->root = cs_symbol_pane_root;

  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LIMIT] =
    g_param_spec_uint ("limit", NULL, NULL, 1, 1000, DEFAULT_LIMIT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CsSymbolPane::symbol-activated:
   * @item: the CsSymbolItem (analysis, symbol and event)
   */
  signals[SYMBOL_ACTIVATED] =
    g_signal_new ("symbol-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CS_TYPE_SYMBOL_ITEM);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cs-symbol-pane");
}

static void
cs_symbol_pane_init (CsSymbolPane *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  self->pages = g_ptr_array_new_with_free_func (page_free);
  self->limit = DEFAULT_LIMIT;

  self->title_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->title_label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (self->title_label, "cs-pane-title");
  gtk_widget_set_parent (self->title_label, GTK_WIDGET (self));

  self->stack = gtk_stack_new ();
  self->switcher = gtk_stack_switcher_new ();
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (self->switcher), GTK_STACK (self->stack));
  gtk_widget_set_halign (self->switcher, GTK_ALIGN_START);
  gtk_widget_set_margin_start (self->switcher, 6);
  gtk_widget_set_margin_bottom (self->switcher, 6);
  gtk_widget_set_parent (self->switcher, GTK_WIDGET (self));
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  g_signal_connect (self->stack, "notify::visible-child", G_CALLBACK (on_visible_child), self);

  self->message = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->message), TRUE);
  gtk_widget_add_css_class (self->message, "cs-pane-message");
  gtk_widget_add_css_class (self->message, "dim-label");
  gtk_widget_set_vexpand (self->message, TRUE);
  gtk_widget_set_parent (self->message, GTK_WIDGET (self));

  update_title (self, NULL);
  update_message (self);
}

GtkWidget *
cs_symbol_pane_new (void)
{
  return g_object_new (CS_TYPE_SYMBOL_PANE, NULL);
}
