/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-page.c — the Call Graph page: its recording, its state, its
 * actions
 *
 * The graph is built on a worker thread (cs_call_graph_new_for_profile):
 * loading a recording must not freeze the window, and a newer recording
 * cancels the build of an older one. The lists and trees are in
 * cs-callgraph-models.c.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-callgraph-page-private.h"
#include "cs-chart-format.h"
#include "cs-column-sorter.h"
#include "cs-file-chooser.h"
#include "cs-profile-samples.h"
#include "cs-row-menu.h"
#include "cs-view-export.h"

/* Above this share of broken stacks the page warns (hotspot's users asked
 * for such a warning, its issue 120). */
#define BROKEN_WARNING 10.0

G_DEFINE_FINAL_TYPE (CsCallGraphPage, cs_call_graph_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANALYSIS,
  PROP_COMPARISON,
  PROP_GRAPH,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_empty (CsCallGraphPage *self,
            const char      *title,
            const char      *body,
            gboolean         offer_record)
{
  gtk_label_set_text (self->empty_title, title);
  gtk_label_set_text (self->empty_body, body);
  gtk_widget_set_visible (self->record_button, offer_record);
  gtk_stack_set_visible_child_name (self->state_stack, "empty");
}

static void
update_header (CsCallGraphPage *self)
{
  const CsProfileEvent *e = cs_profile_get_event (cs_call_graph_get_profile (self->graph), self->event);
  double broken = cs_call_graph_get_broken_percent (self->graph, self->event);
  g_autofree char *samples = cs_chart_format_grouped ((double) cs_call_graph_get_event_samples (self->graph, self->event), 0);
  guint region = _cs_call_graph_page_get_region_index (self, cs_call_graph_get_profile (self->graph));
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;

  if (region > 0)
    /* TRANSLATORS: the flame graph's title when it shows one region's
     * samples (record --regions): "cpu-clock: 12,345 samples in region alpha" */
    title = g_strdup_printf (_("%s: %s samples in region %s"), e->name, samples,
                             cs_profile_get_region_name (cs_call_graph_get_profile (self->graph), region));
  else
    /* TRANSLATORS: the flame graph's title: "cpu-clock: 12,345 samples" */
    title = g_strdup_printf (_("%s: %s samples"), e->name, samples);

  cs_flame_view_set_title (self->flame_view, title);
  if (broken > BROKEN_WARNING)
    text = g_strdup_printf (_("%.1f %% of the stacks do not reach the program's or a thread's entry: the trees "
                              "miss their callers. Build the program with -fno-omit-frame-pointer, or record "
                              "with DWARF unwinding."), broken);
  else
    text = g_strdup_printf (_("Stacks that do not reach the program's or a thread's entry: %.2f %%"), broken);
  gtk_label_set_text (self->broken_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->broken_label), TRUE);
  /* the share is always said; above the limit it is a warning */
  gtk_widget_set_css_classes (GTK_WIDGET (self->broken_label),
                              (const char *[]) { broken > BROKEN_WARNING ? "warning" : "dim-label", NULL });
}

static void
set_graph (CsCallGraphPage *self,
           CsCallGraph     *graph)
{
  const CsProfileEvent *e;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint selected_row = 0;

  g_set_object (&self->graph, graph);
  g_array_set_size (self->events, 0);
  g_array_set_size (self->history, 0);
  self->selected = CS_CALL_NO_FUNCTION;
  if (graph != NULL)
    {
      g_autoptr(GArray) events = cs_call_graph_dup_events (graph);

      g_array_append_vals (self->events, events->data, events->len);
      e = cs_profile_get_default_event (cs_call_graph_get_profile (graph));
      self->event = e != NULL ? e->index : 0;
      for (guint i = 0; i < self->events->len; i++)
        {
          guint index = g_array_index (self->events, guint, i);

          gtk_string_list_append (names, cs_profile_get_event (cs_call_graph_get_profile (graph), index)->name);
          if (index == self->event)
            selected_row = i;
        }
    }
  self->setting_event = TRUE;
  gtk_drop_down_set_model (self->event_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->event_dropdown, selected_row);
  gtk_widget_set_visible (GTK_WIDGET (self->event_dropdown), self->events->len > 1);
  self->setting_event = FALSE;

  _cs_call_graph_page_set_models (self);
  cs_flame_view_set_graph (self->flame_view, graph, self->event);
  _cs_call_graph_page_update_compare (self);
  if (graph != NULL)
    {
      update_header (self);
      gtk_stack_set_visible_child_name (self->state_stack, "graph");
    }
  _cs_call_graph_page_update_selected (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRAPH]);
}

typedef struct
{
  CsProfile    *profile;
  guint         region;      /* 0: all samples */
  CsComparison *comparison;  /* the base's graph too, or NULL */
} BuildData;

typedef struct
{
  CsCallGraph *graph;
  CsCallGraph *base_graph;
} BuildResult;

static void
build_result_free (gpointer data)
{
  BuildResult *result = data;

  g_clear_object (&result->graph);
  g_clear_object (&result->base_graph);
  g_free (result);
}

static void
build_data_free (gpointer data)
{
  BuildData *build = data;

  g_object_unref (build->profile);
  g_clear_object (&build->comparison);
  g_free (build);
}

static void
build_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  BuildData *build = task_data;
  GError *error = NULL;
  CsCallGraph *graph = build->region > 0
                       ? cs_call_graph_new_for_region (build->profile, build->region, cancellable, &error)
                       : cs_call_graph_new_for_profile (build->profile, cancellable, &error);

  BuildResult *result;

  if (graph == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  result = g_new0 (BuildResult, 1);
  result->graph = graph;
  if (build->comparison != NULL)
    result->base_graph = _cs_call_graph_page_build_base (build->comparison, build->region, cancellable);
  g_task_return_pointer (task, result, build_result_free);
}

static void
build_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CsCallGraphPage) self = user_data;
  g_autoptr(GError) error = NULL;
  BuildResult *built = g_task_propagate_pointer (G_TASK (result), &error);

  /* A newer recording (or none) replaced this one meanwhile. */
  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      g_clear_pointer (&built, build_result_free);
      return;
    }
  g_clear_object (&self->cancellable);
  gtk_spinner_stop (self->spinner);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
  if (built == NULL)
    {
      show_empty (self, _("The call graph could not be built"), error->message, FALSE);
      return;
    }
  g_set_object (&self->base_graph, built->base_graph);
  set_graph (self, built->graph);
  build_result_free (built);
}

void
_cs_call_graph_page_reload (CsCallGraphPage *self)
{
  CsProfile *profile = self->analysis != NULL ? cs_analysis_get_profile (self->analysis) : NULL;
  g_autoptr(GTask) task = NULL;
  BuildData *build;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  set_graph (self, NULL);
  _cs_call_graph_page_update_regions (self);
  if (self->analysis == NULL)
    {
      show_empty (self, _("No recording"), _("Open a recording or record a program to see its call graph."), TRUE);
      return;
    }
  if (profile == NULL)
    {
      show_empty (self, _("No samples"),
                  _("This recording has no sampling run, so there are no call stacks. Record a program "
                    "with sampling and call chains to see who calls what."), TRUE);
      return;
    }
  if (!cs_profile_has_call_chains (profile))
    {
      show_empty (self, _("No call chains in this recording"),
                  _("The samples were recorded without their call chains, so there is no call graph. "
                    "Switch on “Call chains” in the Record dialog, or record with “cyclescope record -g” "
                    "or “perf record -g”, to see through which calls the time is spent and what each "
                    "function costs with everything it calls. The program should be built with "
                    "-fno-omit-frame-pointer."), TRUE);
      return;
    }
  self->cancellable = g_cancellable_new ();
  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->state_stack, "loading");
  task = g_task_new (NULL, self->cancellable, build_done, g_object_ref (self));
  build = g_new0 (BuildData, 1);
  build->profile = g_object_ref (profile);
  build->region = _cs_call_graph_page_get_region_index (self, profile);
  build->comparison = self->comparison != NULL ? g_object_ref (self->comparison) : NULL;
  g_task_set_task_data (task, build, build_data_free);
  g_task_run_in_thread (task, build_thread);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

/* --- what the views say --- */

static void
flame_export (CsCallGraphPage *self)
{
  cs_view_export_ask (CS_CAIRO_VIEW (self->flame_view), &self->chooser, _("flame-graph"));
}

static void
search_changed (CsCallGraphPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  gtk_string_filter_set_search (self->name_filter, text[0] != '\0' ? text : NULL);
  cs_flame_view_set_search (self->flame_view, text);
}

static void
view_changed (CsCallGraphPage *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->view_stack);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "callgraph.expand-hot-path",
                                 g_strcmp0 (name, "top-down") == 0 || g_strcmp0 (name, "bottom-up") == 0);
  _cs_call_graph_page_sort_by_event (self);
}

static void
event_chosen (CsCallGraphPage *self)
{
  guint row = gtk_drop_down_get_selected (self->event_dropdown);

  if (self->setting_event || row >= self->events->len)
    return;
  cs_call_graph_page_set_event (self, g_array_index (self->events, guint, row));
}

/* --- actions --- */

static void
action_hot_path (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  cs_call_graph_page_expand_hot_path (CS_CALL_GRAPH_PAGE (widget));
}

static void
action_zoom_out (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  cs_flame_view_zoom_out (CS_CALL_GRAPH_PAGE (widget)->flame_view);
}

static void
action_export_flame (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  flame_export (CS_CALL_GRAPH_PAGE (widget));
}

/* --- the object --- */


static void
cs_call_graph_page_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CsCallGraphPage *self = CS_CALL_GRAPH_PAGE (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, self->analysis);
      break;
    case PROP_COMPARISON:
      g_value_set_object (value, self->comparison);
      break;
    case PROP_GRAPH:
      g_value_set_object (value, self->graph);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->cancellable != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_call_graph_page_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CsCallGraphPage *self = CS_CALL_GRAPH_PAGE (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      cs_call_graph_page_set_analysis (self, g_value_get_object (value));
      break;
    case PROP_COMPARISON:
      _cs_call_graph_page_set_comparison (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_call_graph_page_dispose (GObject *object)
{
  CsCallGraphPage *self = CS_CALL_GRAPH_PAGE (object);
  GtkWidget *child;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  cs_file_chooser_clear (&self->chooser);
  /* the views drop their columns and rows as they go: their selection
   * changes must not reach the labels going with them */
  self->disposed = TRUE;
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_CALL_GRAPH_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->graph);
  g_clear_object (&self->comparison);
  g_clear_object (&self->base_graph);
  g_clear_pointer (&self->base_shares[0], g_bytes_unref);
  g_clear_pointer (&self->base_shares[1], g_bytes_unref);
  g_clear_object (&self->analysis);
  g_clear_object (&self->followed);
  g_clear_pointer (&self->region, g_free);
  g_clear_object (&self->name_filter);
  g_clear_pointer (&self->events, g_array_unref);
  g_clear_pointer (&self->history, g_array_unref);
  G_OBJECT_CLASS (cs_call_graph_page_parent_class)->dispose (object);
}

static gboolean
cs_call_graph_page_grab_focus (GtkWidget *widget)
{
  CsCallGraphPage *self = CS_CALL_GRAPH_PAGE (widget);
  GtkWidget *visible = gtk_stack_get_visible_child (self->view_stack);

  if (self->graph != NULL && visible != NULL && gtk_widget_child_focus (visible, GTK_DIR_TAB_FORWARD))
    return TRUE;
  return GTK_WIDGET_CLASS (cs_call_graph_page_parent_class)->grab_focus (widget);
}

static void
cs_call_graph_page_class_init (CsCallGraphPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = cs_call_graph_page_get_property;
  object_class->set_property = cs_call_graph_page_set_property;
  object_class->dispose = cs_call_graph_page_dispose;
  widget_class->grab_focus = cs_call_graph_page_grab_focus;

  /**
   * CsCallGraphPage:analysis:
   *
   * The recording shown; bound to the window's in cs-window.ui.
   */
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GRAPH] =
    g_param_spec_object ("graph", NULL, NULL, CS_TYPE_CALL_GRAPH, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The recording compared with a base (the window's "comparison"), or
   * NULL: the page gains Base / New / Δ where it has numbers to pair. */
  properties[PROP_COMPARISON] =
    g_param_spec_object ("comparison", NULL, NULL, CS_TYPE_COMPARISON,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CS_TYPE_FLAME_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-callgraph-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, state_stack);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, empty_title);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, empty_body);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, record_button);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, event_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, region_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, broken_label);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, functions_view);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, top_down_view);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, bottom_up_view);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, callers_view);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, callees_view);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, flame_view);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, selected_label);
  gtk_widget_class_bind_template_child (widget_class, CsCallGraphPage, selected_costs);
  gtk_widget_class_bind_template_callback_full (widget_class, "list_activated",
                                                G_CALLBACK (_cs_call_graph_page_list_activated));
  gtk_widget_class_bind_template_callback_full (widget_class, "edge_activated",
                                                G_CALLBACK (_cs_call_graph_page_edge_activated));
  gtk_widget_class_bind_template_callback_full (widget_class, "flame_selected",
                                                G_CALLBACK (_cs_call_graph_page_flame_selected));
  gtk_widget_class_bind_template_callback_full (widget_class, "flame_activated",
                                                G_CALLBACK (_cs_call_graph_page_flame_activated));
  gtk_widget_class_bind_template_callback (widget_class, flame_export);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, view_changed);
  gtk_widget_class_install_action (widget_class, "callgraph.expand-hot-path", NULL, action_hot_path);
  gtk_widget_class_install_action (widget_class, "callgraph.show-code", NULL, _cs_call_graph_page_action_show_code);
  gtk_widget_class_install_action (widget_class, "callgraph.zoom-out", NULL, action_zoom_out);
  gtk_widget_class_install_action (widget_class, "callgraph.export-flame", NULL, action_export_flame);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "callgraph.expand-hot-path", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "callgraphpage");
}

/* The context menus' function (cs-row-menu.h): the clause the flame graph
 * gives, a stack holding the function. */
static const char *
function_value (gpointer item,
                gpointer user_data)
{
  const CsCallFunction *f = cs_call_item_get_function (cs_call_item_from (item));

  return f != NULL ? f->name : NULL;
}

static void
cs_call_graph_page_init (CsCallGraphPage *self)
{
  GtkColumnView *views[3];

  self->events = g_array_new (FALSE, FALSE, sizeof (guint));
  self->history = g_array_new (FALSE, FALSE, sizeof (guint));
  self->selected = CS_CALL_NO_FUNCTION;
  self->name_filter = gtk_string_filter_new (gtk_property_expression_new (CS_TYPE_CALL_ITEM, NULL, "name"));
  gtk_string_filter_set_match_mode (self->name_filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (self->name_filter, TRUE);
  gtk_widget_init_template (GTK_WIDGET (self));

  views[0] = self->functions_view;
  views[1] = self->top_down_view;
  views[2] = self->bottom_up_view;
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      cs_column_view_init_sorting (views[i]);
      g_signal_connect (views[i], "notify::model", G_CALLBACK (_cs_call_graph_page_view_model_changed), self);
      cs_row_menu_attach (views[i], "function", function_value, NULL);
    }
  cs_column_view_init_sorting (self->callers_view);
  cs_column_view_init_sorting (self->callees_view);
  g_signal_connect_swapped (self->event_dropdown, "notify::selected", G_CALLBACK (event_chosen), self);
  _cs_call_graph_page_init_regions (self);
  view_changed (self);
  _cs_call_graph_page_reload (self);
}

void
cs_call_graph_page_set_analysis (CsCallGraphPage *self,
                                 CsAnalysis      *analysis)
{
  g_return_if_fail (CS_IS_CALL_GRAPH_PAGE (self));
  g_return_if_fail (analysis == NULL || CS_IS_ANALYSIS (analysis));

  if (!g_set_object (&self->analysis, analysis))
    return;
  /* A new recording starts with all its samples. */
  g_clear_pointer (&self->region, g_free);
  _cs_call_graph_page_reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}

CsCallGraph *
cs_call_graph_page_get_graph (CsCallGraphPage *self)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH_PAGE (self), NULL);
  return self->graph;
}

gboolean
cs_call_graph_page_is_loading (CsCallGraphPage *self)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH_PAGE (self), FALSE);
  return self->cancellable != NULL;
}

guint
cs_call_graph_page_get_event (CsCallGraphPage *self)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH_PAGE (self), 0);
  return self->event;
}

void
cs_call_graph_page_set_event (CsCallGraphPage *self,
                              guint            event)
{
  g_return_if_fail (CS_IS_CALL_GRAPH_PAGE (self));
  if (self->graph == NULL || event == self->event)
    return;
  self->event = event;
  for (guint i = 0; i < self->events->len; i++)
    if (g_array_index (self->events, guint, i) == event)
      {
        self->setting_event = TRUE;
        gtk_drop_down_set_selected (self->event_dropdown, i);
        self->setting_event = FALSE;
      }
  _cs_call_graph_page_sort_by_event (self);
  cs_flame_view_set_event (self->flame_view, event);
  _cs_call_graph_page_update_compare (self);
  update_header (self);
  _cs_call_graph_page_update_selected (self);
}

void
cs_call_graph_page_show_view (CsCallGraphPage *self,
                              const char      *name)
{
  g_return_if_fail (CS_IS_CALL_GRAPH_PAGE (self));
  gtk_stack_set_visible_child_name (self->view_stack, name);
}
