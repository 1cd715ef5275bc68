/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-pane.c — the hot symbols of the selected module, per event */

#include "config.h"

#include <glib/gi18n.h>

#include "cs-symbol-list.h"
#include "cs-symbol-pane.h"
#include "cs-widgets-util.h"

#define DEFAULT_LIMIT 20

struct _CsSymbolPane
{
  GtkWidget    parent_instance;

  /* template children */
  GtkLabel    *title_label;
  GtkWidget   *switcher;
  GtkStack    *stack;
  GtkLabel    *message;

  CsAnalysis  *analysis;
  CsComparison *comparison;    /* compared with a base, or NULL */
  CsModuleRow *module;
  char        *title;
  char        *cleared;        /* why nothing is listed, while the pane is cleared */
  char        *wanted_event;   /* the tab the user chose, kept across modules */
  guint        limit;
  gboolean     rebuilding;
};

G_DEFINE_FINAL_TYPE (CsSymbolPane, cs_symbol_pane, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANALYSIS,
  PROP_LIMIT,
  PROP_COMPARISON,
  N_PROPS
};

enum {
  SYMBOL_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static CsSymbolList *
find_list (CsSymbolPane *self,
           const char   *event)
{
  GtkWidget *child = event != NULL ? gtk_stack_get_child_by_name (self->stack, event) : NULL;

  return child != NULL ? CS_SYMBOL_LIST (child) : NULL;
}

static void
forward_activated (CsSymbolPane *self,
                   CsSymbolItem *item)
{
  g_signal_emit (self, signals[SYMBOL_ACTIVATED], 0, item);
}

static void
clear_lists (CsSymbolPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->stack))) != NULL)
    gtk_stack_remove (self->stack, child);
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

/* The module row of a module found in the base only (the module table
 * adds those while comparing): its functions are the base's. */
static const char *
base_only_module (CsSymbolPane *self)
{
  CsRowDelta delta;

  if (self->comparison == NULL || self->module == NULL || self->cleared != NULL ||
      cs_module_row_get_kind (self->module) != CS_SCOPE_MODULE ||
      !cs_module_row_get_comparison (self->module, &delta) || delta.change != CS_CHANGE_BASE_ONLY)
    return NULL;
  return cs_module_row_get_name (self->module);
}

static void
update_title (CsSymbolPane  *self,
              const CsScope *scope)
{
  g_free (self->title);
  if (scope == NULL && base_only_module (self) != NULL)
    /* Translators: heading of the hot-symbols pane, %s is a module found
     * only in the base recording of a comparison */
    self->title = g_strdup_printf (_("Hot symbols — %s (only in base)"), base_only_module (self));
  else if (scope != NULL && scope->kind == CS_SCOPE_REGION)
    /* Translators: heading of the hot-symbols pane, %s is a region (an
     * instrumented framework module) */
    self->title = g_strdup_printf (_("Hot symbols — region %s"), scope->name);
  else if (scope != NULL)
    /* Translators: heading of the hot-symbols pane, %s is a module */
    self->title = g_strdup_printf (_("Hot symbols — %s"), scope->name);
  else if (self->cleared != NULL)
    self->title = g_strdup (_("Hot symbols"));
  else if (self->module != NULL && cs_module_row_get_kind (self->module) == CS_SCOPE_REGION)
    self->title = g_strdup (_("Hot symbols — whole program (regions are counted, not sampled)"));
  else
    self->title = g_strdup (_("Hot symbols — whole program"));
  gtk_label_set_text (self->title_label, self->title);
}

/* The tabs, or the message saying why there are none. */
static void
update_message (CsSymbolPane *self)
{
  gboolean has_lists = gtk_widget_get_first_child (GTK_WIDGET (self->stack)) != NULL;
  gboolean show = has_lists && self->cleared == NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->stack), show);
  gtk_widget_set_visible (self->switcher, show && gtk_widget_get_first_child (GTK_WIDGET (self->stack)) !=
                          gtk_widget_get_last_child (GTK_WIDGET (self->stack)));
  gtk_widget_set_visible (GTK_WIDGET (self->message), !show);
  if (self->cleared != NULL)
    gtk_label_set_text (self->message, self->cleared);
  else if (self->analysis == NULL)
    gtk_label_set_text (self->message, _("Open a recording to see its hot symbols."));
  else
    gtk_label_set_text (self->message,
                        _("This recording has no samples, only counts: record with sampling "
                          "(cyclescope record samples by default) to see hot symbols."));
}

/* Fills every tab with the top symbols of the module (or of the whole
 * program), as parts of the module (Kruse, CMSSW Performance Monitoring,
 * 2011, the modular symbol analysis) or of the program. */
static void
fill_lists (CsSymbolPane *self)
{
  const CsScope *scope = self->cleared == NULL ? find_scope (self) : NULL;

  update_title (self, scope);
  update_message (self);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->stack)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      CsSymbolList *list = CS_SYMBOL_LIST (child);
      const char *event = cs_symbol_list_get_event (list);
      g_autoptr(GArray) rows = NULL;
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
      gboolean other_module = scope == NULL;

      /* Functions are compared for the comparison's event, in a module or
       * the whole program (a region's own functions have no base to match:
       * the base may not have the region). */
      gboolean compared = self->comparison != NULL && self->analysis != NULL && self->cleared == NULL &&
                          g_strcmp0 (event, cs_comparison_get_event (self->comparison)) == 0 &&
                          (scope == NULL || scope->kind == CS_SCOPE_MODULE);

      cs_symbol_list_set_compared (list, compared);
      if (compared)
        {
          const char *module = scope != NULL ? scope->name : base_only_module (self);
          CsAnalysis *new_side = scope == NULL && module != NULL ? NULL : self->analysis;
          g_autoptr(GPtrArray) compared_items = cs_symbol_list_dup_compared_items (self->comparison, new_side,
                                                                                  module, event, self->limit);

          cs_symbol_list_set_items (list, compared_items, module == NULL);
          continue;
        }
      if (self->analysis != NULL && self->cleared == NULL)
        rows = cs_analysis_dup_top_symbols (self->analysis, scope, event);
      for (guint i = 0; rows != NULL && i < rows->len && i < self->limit; i++)
        {
          const CsProfileSymbolRow *row = &g_array_index (rows, CsProfileSymbolRow, i);
          double share = (scope != NULL ? row->module_percent : row->percent) / 100.0;

          if (row->symbol == NULL)
            continue;
          g_ptr_array_add (items, cs_symbol_item_new (self->analysis, event, row, share));
          /* The library column shows when it says more than the title. */
          if (scope != NULL && (row->symbol->module == NULL ||
                                (int) row->symbol->module->index != scope->module_id))
            other_module = TRUE;
        }
      cs_symbol_list_set_items (list, items, other_module);
    }
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
  g_clear_pointer (&self->cleared, g_free);
  g_set_object (&self->analysis, analysis);
  /* Adding tabs changes the visible one: not the user's choice. */
  self->rebuilding = TRUE;
  clear_lists (self);
  events = analysis != NULL ? cs_analysis_get_sampled_events (analysis) : NULL;
  for (guint i = 0; events != NULL && events[i] != NULL; i++)
    {
      CsSymbolList *list = cs_symbol_list_new (events[i]);

      g_signal_connect_swapped (list, "symbol-activated", G_CALLBACK (forward_activated), self);
      gtk_stack_add_titled (self->stack, GTK_WIDGET (list), events[i], events[i]);
    }
  self->rebuilding = FALSE;

  /* Start on the event the module table's samples count. */
  if (self->wanted_event == NULL || find_list (self, self->wanted_event) == NULL)
    {
      const CsProfileEvent *event = analysis != NULL ? cs_analysis_get_default_event (analysis) : NULL;

      if (event != NULL && find_list (self, event->name) != NULL)
        gtk_stack_set_visible_child_name (self->stack, event->name);
    }
  else
    gtk_stack_set_visible_child_name (self->stack, self->wanted_event);

  fill_lists (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}

void
cs_symbol_pane_set_module (CsSymbolPane *self,
                           CsModuleRow  *row)
{
  g_return_if_fail (CS_IS_SYMBOL_PANE (self));
  g_return_if_fail (row == NULL || CS_IS_MODULE_ROW (row));

  g_set_object (&self->module, row);
  g_clear_pointer (&self->cleared, g_free);
  fill_lists (self);
}

void
cs_symbol_pane_clear (CsSymbolPane *self,
                      const char   *message)
{
  g_return_if_fail (CS_IS_SYMBOL_PANE (self));
  g_return_if_fail (message != NULL);

  g_clear_object (&self->module);
  g_free (self->cleared);
  self->cleared = g_strdup (message);
  fill_lists (self);
}

void
cs_symbol_pane_set_comparison (CsSymbolPane *self,
                               CsComparison *comparison)
{
  g_return_if_fail (CS_IS_SYMBOL_PANE (self));
  g_return_if_fail (comparison == NULL || CS_IS_COMPARISON (comparison));

  if (!g_set_object (&self->comparison, comparison))
    return;
  fill_lists (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARISON]);
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

const char *
cs_symbol_pane_get_message (CsSymbolPane *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->message)) ? gtk_label_get_text (self->message) : NULL;
}

const char *
cs_symbol_pane_get_visible_event (CsSymbolPane *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), NULL);
  if (gtk_widget_get_first_child (GTK_WIDGET (self->stack)) == NULL)
    return NULL;
  return gtk_stack_get_visible_child_name (self->stack);
}

GListModel *
cs_symbol_pane_get_symbols (CsSymbolPane *self,
                            const char   *event)
{
  CsSymbolList *list;

  g_return_val_if_fail (CS_IS_SYMBOL_PANE (self), NULL);

  list = find_list (self, event != NULL ? event : cs_symbol_pane_get_visible_event (self));
  return list != NULL ? cs_symbol_list_get_items (list) : NULL;
}

static void
set_limit (CsSymbolPane *self,
           guint         limit)
{
  limit = limit > 0 ? limit : DEFAULT_LIMIT;
  if (self->limit == limit)
    return;
  self->limit = limit;
  fill_lists (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIMIT]);
}

static void
visible_child_changed (CsSymbolPane *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->stack);

  if (name != NULL && !self->rebuilding)
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

  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_SYMBOL_PANE);
  g_clear_object (&self->analysis);
  g_clear_object (&self->comparison);
  g_clear_object (&self->module);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->cleared, g_free);
  g_clear_pointer (&self->wanted_event, g_free);
  G_OBJECT_CLASS (cs_symbol_pane_parent_class)->dispose (object);
}

static void
cs_symbol_pane_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CsSymbolPane *self = CS_SYMBOL_PANE (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, self->analysis);
      break;
    case PROP_LIMIT:
      g_value_set_uint (value, self->limit);
      break;
    case PROP_COMPARISON:
      g_value_set_object (value, self->comparison);
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
      set_limit (CS_SYMBOL_PANE (object), g_value_get_uint (value));
      break;
    case PROP_COMPARISON:
      cs_symbol_pane_set_comparison (CS_SYMBOL_PANE (object), g_value_get_object (value));
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
  properties[PROP_COMPARISON] =
    g_param_spec_object ("comparison", NULL, NULL, CS_TYPE_COMPARISON,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CsSymbolPane::symbol-activated:
   * @item: the CsSymbolItem (analysis, symbol and event)
   */
  signals[SYMBOL_ACTIVATED] =
    g_signal_new ("symbol-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CS_TYPE_SYMBOL_ITEM);

  cs_widgets_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/widgets/cs-symbol-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, CsSymbolPane, title_label);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolPane, switcher);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolPane, stack);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolPane, message);
  gtk_widget_class_bind_template_callback (widget_class, visible_child_changed);
  gtk_widget_class_set_css_name (widget_class, "cs-symbol-pane");
}

static void
cs_symbol_pane_init (CsSymbolPane *self)
{
  self->limit = DEFAULT_LIMIT;
  gtk_widget_init_template (GTK_WIDGET (self));
  fill_lists (self);
}

GtkWidget *
cs_symbol_pane_new (void)
{
  return g_object_new (CS_TYPE_SYMBOL_PANE, NULL);
}
