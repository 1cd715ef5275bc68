/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-modules-page.c — the Modules page: module table, hot symbols, source and disassembly
 *
 * The drill-down stays on this page (UX.md): selecting a module in the table
 * fills the hot-symbols pane beside it; activating a symbol opens its source
 * and disassembly below, side by side and linked. The keyboard walks the
 * same path: arrows choose, Enter goes one level down (table → symbols →
 * source), Back (Alt+Left) one level up. The level is where the keyboard
 * focus is, so a click into a pane moves the level as Enter would.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-annotate-link.h"
#include "cs-modules-page.h"

struct _CsModulesPage
{
  GtkWidget       parent_instance;

  /* template children */
  GtkPaned       *outer_paned;
  GtkPaned       *top_paned;
  CsModuleTable  *module_table;
  CsSymbolPane   *symbol_pane;
  GtkWidget      *annotate_box;
  GtkLabel       *annotate_title;
  GtkWidget      *no_source_box;
  GtkLabel       *no_source_label;
  GtkPaned       *annotate_paned;
  CsSourcePane   *source_pane;
  CsDisasmPane   *disasm_pane;

  CsAnalysis     *analysis;
  CsAnnotateLink *link;
  CsSymbolItem   *open_item;
  GtkWidget      *focus_root;     /* the window whose focus we follow */
  CsDrillLevel    level;
  gboolean        split_done;     /* the table / symbols split was placed */
  gboolean        annotate_split_done;
};

enum {
  PROP_0,
  PROP_ANALYSIS,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CsModulesPage, cs_modules_page, GTK_TYPE_WIDGET)

static void
emit_changed (CsModulesPage *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
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

static void
focus_list_in (GtkWidget *pane)
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
  emit_changed (self);
}

static void
focus_changed (GtkWidget     *root,
               GParamSpec    *pspec,
               CsModulesPage *self)
{
  update_level (self);
}

/* --- source and disassembly --- */

static void
close_annotate (CsModulesPage *self)
{
  if (self->open_item == NULL && !gtk_widget_get_visible (self->annotate_box))
    return;
  g_clear_object (&self->open_item);
  /* The panes drop their rows, which keep the analysis' tables alive. */
  cs_annotate_link_set_symbol (self->link, NULL, NULL, NULL);
  gtk_widget_set_visible (self->annotate_box, FALSE);
  gtk_widget_set_visible (self->no_source_box, FALSE);
}

/* The region whose samples the open symbol shows: the selected row's when
 * it is a region with samples (record --regions), else NULL (all). The
 * hot-symbols pane lists that region's symbols, so their source and
 * disassembly must count the same samples. */
static const CsScope *
selected_region (CsModulesPage *self,
                 CsSymbolItem  *item)
{
  CsModuleRow *row = cs_symbol_pane_get_module (self->symbol_pane);
  const CsScope *scope;

  if (row == NULL || cs_module_row_get_kind (row) != CS_SCOPE_REGION)
    return NULL;
  scope = cs_analysis_find_region (cs_symbol_item_get_analysis (item), cs_module_row_get_name (row));
  return scope != NULL && scope->region_id > 0 ? scope : NULL;
}

void
cs_modules_page_open_symbol (CsModulesPage *self,
                             CsSymbolItem  *item)
{
  g_autofree char *title = NULL;
  const CsScope *region;
  gboolean has_source;
  int height, width;

  g_return_if_fail (CS_IS_MODULES_PAGE (self));
  g_return_if_fail (CS_IS_SYMBOL_ITEM (item));

  g_set_object (&self->open_item, item);
  region = selected_region (self, item);
  if (region != NULL)
    /* TRANSLATORS: heading above the source and disassembly panes when
     * they show one region's samples: "SYMBOL in MODULE · EVENT · only
     * region REGION", e.g. "alpha_work in cs-demo · cpu-clock · only region alpha" */
    title = g_strdup_printf (_("%s in %s · %s · only region %s"), cs_symbol_item_get_name (item),
                             cs_symbol_item_get_library (item) != NULL ? cs_symbol_item_get_library (item) : "?",
                             cs_symbol_item_get_event (item), region->name);
  else
    /* TRANSLATORS: heading above the source and disassembly panes:
     * "SYMBOL in MODULE · EVENT", e.g. "tm_exe_hot in cs-demo · cpu-clock" */
    title = g_strdup_printf (_("%s in %s · %s"), cs_symbol_item_get_name (item),
                             cs_symbol_item_get_library (item) != NULL ? cs_symbol_item_get_library (item) : "?",
                             cs_symbol_item_get_event (item));
  gtk_label_set_text (self->annotate_title, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->annotate_title), cs_symbol_item_get_signature (item));

  /* Shown before the panes are filled, so that they scroll to the hottest
   * line in their real size. The first time, the panes get a fair share. */
  height = gtk_widget_get_height (GTK_WIDGET (self->outer_paned));
  width = gtk_widget_get_width (GTK_WIDGET (self->outer_paned));
  if (!gtk_widget_get_visible (self->annotate_box) && height > 0)
    gtk_paned_set_position (self->outer_paned, MAX (200, height * 9 / 20));
  if (!self->annotate_split_done && width > 0)
    {
      gtk_paned_set_position (self->annotate_paned, width / 2);
      self->annotate_split_done = TRUE;
    }
  gtk_widget_set_visible (self->annotate_box, TRUE);

  cs_annotate_link_set_scope_symbol (self->link, cs_symbol_item_get_analysis (item), region,
                                     cs_symbol_item_get_symbol (item), cs_symbol_item_get_event (item));
  has_source = cs_source_pane_has_source (self->source_pane);
  /* No source: the disassembly takes the room and a line says why. */
  gtk_widget_set_visible (GTK_WIDGET (self->source_pane), has_source);
  gtk_widget_set_visible (self->no_source_box, !has_source);
  gtk_label_set_text (self->no_source_label,
                      has_source ? "" : cs_source_pane_get_message (self->source_pane));

  focus_list_in (has_source ? GTK_WIDGET (self->source_pane) : GTK_WIDGET (self->disasm_pane));
  self->level = CS_DRILL_SOURCE;
  emit_changed (self);
}

/* The region (or module) row of the table named so, switching the table to
 * that kind first; FALSE when there is none. */
static gboolean
select_row (CsModulesPage *self,
            const char    *region,
            int            module_id)
{
  gboolean regions = region != NULL;

  if (cs_module_table_get_show_regions (self->module_table) != regions)
    cs_module_table_set_show_regions (self->module_table, regions);
  return cs_module_table_select (self->module_table, regions ? -1 : module_id, region);
}

static gboolean
show_code (CsModulesPage *self,
           const char    *region,
           const char    *module_path,
           guint64        symbol_start,
           guint64        address)
{
  CsProfile *profile;
  const CsProfileModule *module;
  const CsProfileEvent *e;
  CsModuleRow *row;
  GListModel *symbols;
  const char *event;
  guint region_index = CS_PROFILE_ALL_REGIONS;

  profile = self->analysis != NULL ? cs_analysis_get_profile (self->analysis) : NULL;
  module = profile != NULL ? cs_profile_find_module (profile, module_path) : NULL;
  if (region != NULL && profile != NULL && (region_index = cs_profile_find_region (profile, region)) == 0)
    return FALSE;
  if (module == NULL || !select_row (self, region, (int) module->index))
    return FALSE;
  /* The selection moves the symbols pane along (::module-selected); make
   * sure even when the row was selected already. */
  row = cs_module_table_get_selected (self->module_table);
  if (row != NULL && cs_symbol_pane_get_module (self->symbol_pane) != row)
    cs_symbol_pane_set_module (self->symbol_pane, row);
  symbols = cs_symbol_pane_get_symbols (self->symbol_pane, NULL);
  for (guint i = 0; symbols != NULL && i < g_list_model_get_n_items (symbols); i++)
    {
      g_autoptr(CsSymbolItem) item = g_list_model_get_item (symbols, i);
      const CsProfileSymbol *symbol = cs_symbol_item_get_symbol (item);

      if (symbol->module != module || symbol->symbol->unknown || symbol->symbol->start != symbol_start)
        continue;
      cs_modules_page_open_symbol (self, item);
      cs_disasm_pane_select_address (self->disasm_pane, address);
      return TRUE;
    }
  /* Not among the hot symbols (a caller with no time of its own, from the
   * Call Graph page): its source and disassembly all the same. */
  event = cs_symbol_pane_get_visible_event (self->symbol_pane);
  e = event != NULL ? cs_profile_find_event (profile, event) : NULL;
  for (guint i = 0; e != NULL && i < cs_profile_get_n_symbols (profile); i++)
    {
      const CsProfileSymbol *symbol = cs_profile_get_symbol (profile, i);
      CsProfileSymbolRow cold = { symbol, 0, 0, 0, 0 };
      g_autoptr(CsSymbolItem) item = NULL;

      if (symbol->module != module || symbol->symbol->unknown || symbol->symbol->start != symbol_start)
        continue;
      if (region_index == CS_PROFILE_ALL_REGIONS)
        {
          cold.samples = symbol->samples[e->index];
          cold.period = symbol->period[e->index];
        }
      else
        {
          /* Its samples in the region, when it has any. */
          g_autoptr(GArray) rows = cs_profile_dup_region_symbol_table (profile, e->index, region_index, 0);

          for (guint r = 0; r < rows->len; r++)
            if (g_array_index (rows, CsProfileSymbolRow, r).symbol == symbol)
              cold = g_array_index (rows, CsProfileSymbolRow, r);
        }
      cold.percent = e->period > 0 ? 100.0 * (double) cold.period / (double) e->period : 0;
      item = cs_symbol_item_new (self->analysis, event, &cold, cold.percent / 100.0);
      cs_modules_page_open_symbol (self, item);
      cs_disasm_pane_select_address (self->disasm_pane, address);
      return TRUE;
    }
  return FALSE;
}

gboolean
cs_modules_page_show_code (CsModulesPage *self,
                           const char    *module_path,
                           guint64        symbol_start,
                           guint64        address)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), FALSE);
  g_return_val_if_fail (module_path != NULL, FALSE);

  return show_code (self, NULL, module_path, symbol_start, address);
}

gboolean
cs_modules_page_show_region_code (CsModulesPage *self,
                                  const char    *region,
                                  const char    *module_path,
                                  guint64        symbol_start,
                                  guint64        address)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), FALSE);
  g_return_val_if_fail (region != NULL, FALSE);
  g_return_val_if_fail (module_path != NULL, FALSE);

  return show_code (self, region, module_path, symbol_start, address);
}

/* --- table and symbols --- */

static void
module_selected (CsModuleTable *table,
                 CsModuleRow   *row,
                 CsModulesPage *self)
{
  cs_symbol_pane_set_module (self->symbol_pane, row);
  /* The open symbol belongs to the module that was selected before. */
  close_annotate (self);
  self->level = compute_level (self);
  emit_changed (self);
}

static void
module_activated (CsModuleTable *table,
                  CsModuleRow   *row,
                  CsModulesPage *self)
{
  if (cs_symbol_pane_get_module (self->symbol_pane) != row)
    cs_symbol_pane_set_module (self->symbol_pane, row);
  focus_list_in (GTK_WIDGET (self->symbol_pane));
  update_level (self);
}

static void
symbol_activated (CsSymbolPane  *pane,
                  CsSymbolItem  *item,
                  CsModulesPage *self)
{
  cs_modules_page_open_symbol (self, item);
}

/* The panes follow :analysis through the template's bindings (the hot
 * symbols first, then the table, which selects a module at once). */
static void
set_analysis (CsModulesPage *self,
              CsAnalysis    *analysis)
{
  if (!g_set_object (&self->analysis, analysis))
    return;
  close_annotate (self);
  self->level = compute_level (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
  emit_changed (self);
}

/* The page was chosen (sidebar click, Alt+2): the keyboard goes to the
 * module table's selected row, so Enter drills down at once. */
static gboolean
cs_modules_page_grab_focus (GtkWidget *widget)
{
  CsModulesPage *self = CS_MODULES_PAGE (widget);

  focus_list_in (GTK_WIDGET (self->module_table));
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
      close_annotate (self);
      focus_list_in (GTK_WIDGET (self->symbol_pane));
      break;
    case CS_DRILL_SYMBOLS:
      gtk_widget_grab_focus (GTK_WIDGET (cs_module_table_get_column_view (self->module_table)));
      break;
    case CS_DRILL_TABLE:
    default:
      return FALSE;
    }
  self->level = compute_level (self);
  emit_changed (self);
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

CsSymbolItem *
cs_modules_page_get_open_symbol (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), NULL);

  return self->open_item;
}

const char *
cs_modules_page_get_no_source_message (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), NULL);

  return self->open_item != NULL ? cs_source_pane_get_message (self->source_pane) : NULL;
}

CsModuleTable *
cs_modules_page_get_module_table (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), NULL);
  return self->module_table;
}

CsSymbolPane *
cs_modules_page_get_symbol_pane (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), NULL);
  return self->symbol_pane;
}

CsSourcePane *
cs_modules_page_get_source_pane (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), NULL);
  return self->source_pane;
}

CsDisasmPane *
cs_modules_page_get_disasm_pane (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), NULL);
  return self->disasm_pane;
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

  /* The first real width places the split in the middle: the table
   * scrolls its metric columns anyway, and symbol names need the room;
   * later the paned keeps the proportion the user chose. */
  if (!self->split_done && width > 0)
    {
      gtk_paned_set_position (self->top_paned, width / 2);
      self->split_done = TRUE;
    }
  gtk_widget_allocate (GTK_WIDGET (self->outer_paned), width, height, baseline, NULL);
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
  g_clear_object (&self->analysis);
  G_OBJECT_CLASS (cs_modules_page_parent_class)->dispose (object);
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
  g_signal_connect (self->module_table, "module-selected", G_CALLBACK (module_selected), self);
  g_signal_connect (self->module_table, "module-activated", G_CALLBACK (module_activated), self);
  g_signal_connect (self->symbol_pane, "symbol-activated", G_CALLBACK (symbol_activated), self);
}
