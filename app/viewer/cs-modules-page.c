/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-modules-page.c — the Modules page: module table, hot symbols, source and disassembly
 *
 * The drill-down stays on this page: selecting a module in the table
 * fills the hot-symbols pane beside it; activating a symbol opens its source
 * and disassembly below, side by side and linked. The keyboard walks the
 * same path: arrows choose, Enter goes one level down (table → symbols →
 * source), Back (Alt+Left) one level up. The level is where the keyboard
 * focus is, so a click into a pane moves the level as Enter would.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-annotate-link.h"
#include "cs-column.h"
#include "cs-modules-page-private.h"

enum {
  PROP_0,
  PROP_ANALYSIS,
  PROP_COMPARISON,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CsModulesPage, cs_modules_page, GTK_TYPE_WIDGET)

void
_cs_modules_page_emit_changed (CsModulesPage *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static CsDrillLevel
compute_level (CsModulesPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (gtk_widget_get_visible (self->annotate_box))
    return CS_DRILL_SOURCE;
  if (focus != NULL && (focus == GTK_WIDGET (self->symbol_pane) ||
                        gtk_widget_is_ancestor (focus, GTK_WIDGET (self->symbol_pane))))
    return CS_DRILL_SYMBOLS;
  return CS_DRILL_TABLE;
}

static void
update_level (CsModulesPage *self)
{
  CsDrillLevel level = compute_level (self);

  if (level == self->level)
    return;
  self->level = level;
  _cs_modules_page_emit_changed (self);
}

static void
focus_changed (GtkWidget     *root,
               GParamSpec    *pspec,
               CsModulesPage *self)
{
  update_level (self);
}

static void
module_selected (CsModuleTable *table,
                 CsModuleRow   *row,
                 CsModulesPage *self)
{
  if (row != NULL)
    cs_symbol_pane_set_module (self->symbol_pane, row);
  else
    /* The filter hid the selected module: its symbols must go too. */
    cs_symbol_pane_clear (self->symbol_pane, _("No module selected: the filter hides the module that was. "
                                               "Choose one in the table to see its hot symbols."));
  /* The open symbol belongs to the module that was selected before. */
  _cs_modules_page_close_annotate (self);
  self->level = compute_level (self);
  _cs_modules_page_emit_changed (self);
}

static void
module_activated (CsModuleTable *table,
                  CsModuleRow   *row,
                  CsModulesPage *self)
{
  if (cs_symbol_pane_get_module (self->symbol_pane) != row)
    cs_symbol_pane_set_module (self->symbol_pane, row);
  cs_column_view_focus_in (GTK_WIDGET (self->symbol_pane));
  update_level (self);
}

static void
symbol_activated (CsSymbolPane  *pane,
                  CsSymbolItem  *item,
                  CsModulesPage *self)
{
  _cs_modules_page_open_symbol (self, item);
}

/* The panes follow :analysis through the template's bindings (the hot
 * symbols first, then the table, which selects a module at once). */
static void
set_analysis (CsModulesPage *self,
              CsAnalysis    *analysis)
{
  if (!g_set_object (&self->analysis, analysis))
    return;
  _cs_modules_page_close_annotate (self);
  self->level = compute_level (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
  _cs_modules_page_emit_changed (self);
}

/* The page was chosen (sidebar click, Alt+2): the keyboard goes to the
 * module table's selected row, so Enter drills down at once. */
static gboolean
cs_modules_page_grab_focus (GtkWidget *widget)
{
  CsModulesPage *self = CS_MODULES_PAGE (widget);

  cs_column_view_focus_in (GTK_WIDGET (self->module_table));
  update_level (self);
  return TRUE;
}

void
cs_modules_page_focus_filter (CsModulesPage *self)
{
  g_return_if_fail (CS_IS_MODULES_PAGE (self));

  cs_module_table_focus_filter (self->module_table);
}

gboolean
cs_modules_page_go_back (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), FALSE);

  switch (compute_level (self))
    {
    case CS_DRILL_SOURCE:
      _cs_modules_page_close_annotate (self);
      cs_column_view_focus_in (GTK_WIDGET (self->symbol_pane));
      break;
    case CS_DRILL_SYMBOLS:
      gtk_widget_grab_focus (GTK_WIDGET (cs_module_table_get_column_view (self->module_table)));
      break;
    case CS_DRILL_TABLE:
    default:
      return FALSE;
    }
  self->level = compute_level (self);
  _cs_modules_page_emit_changed (self);
  return TRUE;
}

void
cs_modules_page_bind_settings (CsModulesPage *self,
                               GSettings     *settings)
{
  g_return_if_fail (CS_IS_MODULES_PAGE (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  if (settings == NULL)
    return;
  g_settings_bind (settings, "module-columns", self->module_table, "visible-columns",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "symbol-limit", self->symbol_pane, "limit", G_SETTINGS_BIND_DEFAULT);
}

CsDrillLevel
cs_modules_page_get_level (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), CS_DRILL_TABLE);

  return compute_level (self);
}

CsModuleTable *
cs_modules_page_get_module_table (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), NULL);

  return self->module_table;
}

CsSymbolItem *
cs_modules_page_get_open_symbol (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), NULL);

  return self->open_item;
}






/* --- GtkWidget --- */

static void
cs_modules_page_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  CsModulesPage *self = CS_MODULES_PAGE (widget);

  gtk_widget_measure (GTK_WIDGET (self->outer_paned), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
cs_modules_page_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  CsModulesPage *self = CS_MODULES_PAGE (widget);

  /* Until the user moves it, the split gives the table its natural width
   * (all its columns whole) within 40–60 % of the page: symbol names need
   * the rest, and a wide hardware model's table scrolls its metric
   * columns anyway. */
  self->placing = TRUE;
  if (!self->split_chosen && width > 0)
    {
      int natural = 0;

      gtk_widget_measure (GTK_WIDGET (self->module_table), GTK_ORIENTATION_HORIZONTAL, -1,
                          NULL, &natural, NULL, NULL);
      gtk_paned_set_position (self->top_paned, CLAMP (natural, width * 2 / 5, width * 3 / 5));
    }
  gtk_widget_allocate (GTK_WIDGET (self->outer_paned), width, height, baseline, NULL);
  self->placing = FALSE;
}

static void
split_moved (CsModulesPage *self)
{
  if (!self->placing)
    self->split_chosen = TRUE;
}

static void
cs_modules_page_root (GtkWidget *widget)
{
  CsModulesPage *self = CS_MODULES_PAGE (widget);

  GTK_WIDGET_CLASS (cs_modules_page_parent_class)->root (widget);
  self->focus_root = GTK_WIDGET (gtk_widget_get_root (widget));
  if (GTK_IS_WINDOW (self->focus_root))
    g_signal_connect (self->focus_root, "notify::focus-widget", G_CALLBACK (focus_changed), self);
  else
    self->focus_root = NULL;
}

static void
cs_modules_page_unroot (GtkWidget *widget)
{
  CsModulesPage *self = CS_MODULES_PAGE (widget);

  if (self->focus_root != NULL)
    g_signal_handlers_disconnect_by_func (self->focus_root, focus_changed, self);
  self->focus_root = NULL;
  GTK_WIDGET_CLASS (cs_modules_page_parent_class)->unroot (widget);
}

static void
cs_modules_page_dispose (GObject *object)
{
  CsModulesPage *self = CS_MODULES_PAGE (object);
  GtkWidget *child;

  g_clear_object (&self->open_item);
  g_clear_object (&self->link);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_MODULES_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->comparison);
  g_clear_object (&self->analysis);
  G_OBJECT_CLASS (cs_modules_page_parent_class)->dispose (object);
}

/* The module table and the hot symbols gain Base / New / Δ columns
 * (cs-module-table.h, cs-symbol-list.h). */
static void
set_comparison (CsModulesPage *self,
                CsComparison  *comparison)
{
  if (!g_set_object (&self->comparison, comparison))
    return;
  /* the hot symbols first: the table selects a module at once */
  cs_symbol_pane_set_comparison (self->symbol_pane, comparison);
  cs_module_table_set_comparison (self->module_table, comparison);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARISON]);
}

static void
cs_modules_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, CS_MODULES_PAGE (object)->analysis);
      break;
    case PROP_COMPARISON:
      g_value_set_object (value, CS_MODULES_PAGE (object)->comparison);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_modules_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_ANALYSIS:
      set_analysis (CS_MODULES_PAGE (object), g_value_get_object (value));
      break;
    case PROP_COMPARISON:
      set_comparison (CS_MODULES_PAGE (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_modules_page_class_init (CsModulesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_modules_page_dispose;
  object_class->get_property = cs_modules_page_get_property;
  object_class->set_property = cs_modules_page_set_property;
  widget_class->measure = cs_modules_page_measure;
  widget_class->size_allocate = cs_modules_page_size_allocate;
  widget_class->root = cs_modules_page_root;
  widget_class->grab_focus = cs_modules_page_grab_focus;
  widget_class->unroot = cs_modules_page_unroot;

  /**
   * CsModulesPage:analysis:
   *
   * The recording shown (NULL: none); the window binds it to its own.
   */
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The recording compared with a base (the window's "comparison"), or
   * NULL: the page gains Base / New / Δ where it has numbers to pair. */
  properties[PROP_COMPARISON] =
    g_param_spec_object ("comparison", NULL, NULL, CS_TYPE_COMPARISON,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CsModulesPage::changed:
   *
   * The selected module, the open symbol or the drill-down level changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (CS_TYPE_MODULE_TABLE);
  g_type_ensure (CS_TYPE_SYMBOL_PANE);
  g_type_ensure (CS_TYPE_SOURCE_PANE);
  g_type_ensure (CS_TYPE_DISASM_PANE);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-modules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, outer_paned);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, top_paned);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, module_table);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, symbol_pane);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, annotate_box);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, annotate_title);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, no_source_box);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, no_source_label);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, annotate_paned);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, source_pane);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, disasm_pane);
  gtk_widget_class_set_css_name (widget_class, "modulespage");
}

static void
cs_modules_page_init (CsModulesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Columns at their natural width (full module names, whole numbers); the
   * table scrolls sideways when they need more room than there is. */
  gtk_scrollable_set_hscroll_policy (GTK_SCROLLABLE (cs_module_table_get_column_view (self->module_table)),
                                     GTK_SCROLL_NATURAL);
  self->link = cs_annotate_link_new (self->source_pane, self->disasm_pane);
  g_signal_connect_swapped (self->top_paned, "notify::position", G_CALLBACK (split_moved), self);
  g_signal_connect (self->module_table, "module-selected", G_CALLBACK (module_selected), self);
  g_signal_connect (self->module_table, "module-activated", G_CALLBACK (module_activated), self);
  g_signal_connect (self->symbol_pane, "symbol-activated", G_CALLBACK (symbol_activated), self);
}
