/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-page-private.h — shared by the Call Graph page's files:
 * cs-callgraph-page.c (the page, its recording, its actions) and
 * cs-callgraph-models.c (the lists and trees, the hot path) */
#pragma once

#include "cs-call-item.h"
#include "cs-callgraph-page.h"
#include "cs-flame-view.h"

G_BEGIN_DECLS

struct _CsCallGraphPage
{
  GtkWidget           parent_instance;

  CsAnalysis         *analysis;
  CsCallGraph        *graph;
  /* cs-callgraph-compare.c: compared with a base, the base's graph (built
   * with self->graph) and its node shares for self->event */
  CsComparison       *comparison;
  CsCallGraph        *base_graph;
  GBytes             *base_shares[2];  /* by CsCallTreeKind */
  GCancellable       *cancellable;
  GArray             *events;          /* guint: the graph's sampled events */
  guint               event;
  guint               selected;        /* function, CS_CALL_NO_FUNCTION: none */
  guint               sorted_event[3]; /* functions, top-down, bottom-up: G_MAXUINT unsorted */
  GArray             *history;         /* guint: functions to go back to */
  GtkNativeDialog    *chooser;
  gboolean            setting_event;
  gboolean            disposed;

  GtkStringFilter    *name_filter;

  /* regions (cs-callgraph-region.c): the region shown, NULL: all */
  char               *region;
  gboolean            setting_region;
  CsAnalysis         *followed;        /* the recording the Modules page's table showed last */

  /* template */
  GtkStack           *state_stack;
  GtkLabel           *empty_title;
  GtkLabel           *empty_body;
  GtkWidget          *record_button;
  GtkSpinner         *spinner;
  GtkDropDown        *event_dropdown;
  GtkDropDown        *region_dropdown;
  GtkSearchEntry     *search_entry;
  GtkLabel           *broken_label;
  GtkStack           *view_stack;
  GtkColumnView      *functions_view;
  GtkColumnView      *top_down_view;
  GtkColumnView      *bottom_up_view;
  GtkColumnView      *callers_view;
  GtkColumnView      *callees_view;
  CsFlameView        *flame_view;
  GtkLabel           *selected_label;
  GtkLabel           *selected_costs;
};

/* cs-callgraph-selection.c */
void        _cs_call_graph_page_update_selected (CsCallGraphPage *self);
/* @remember: Back returns to the function selected before. */
void        _cs_call_graph_page_set_selected    (CsCallGraphPage *self,
                                                 guint            function,
                                                 gboolean         remember);
/* Template callbacks (cs-callgraph-page.ui) and the show-code action. */
void        _cs_call_graph_page_list_activated  (CsCallGraphPage *self,
                                                 guint            position,
                                                 GtkColumnView   *view);
void        _cs_call_graph_page_edge_activated  (CsCallGraphPage *self,
                                                 guint            position,
                                                 GtkColumnView   *view);
void        _cs_call_graph_page_flame_selected  (CsCallGraphPage *self,
                                                 guint            function);
void        _cs_call_graph_page_flame_activated (CsCallGraphPage *self,
                                                 guint            function);
/* Follows the selection of @view's models as they are replaced. */
void        _cs_call_graph_page_view_model_changed (GtkColumnView   *view,
                                                    GParamSpec      *pspec,
                                                    CsCallGraphPage *self);
void        _cs_call_graph_page_action_show_code (GtkWidget  *widget,
                                                  const char *action_name,
                                                  GVariant   *parameter);

/* cs-callgraph-models.c */
/* Gives the lists and trees the models of self->graph (NULL: empty). */
void        _cs_call_graph_page_set_models      (CsCallGraphPage *self);
/* Sorts the tables in sight by the total of self->event (the others when
 * they come into sight). */
void        _cs_call_graph_page_sort_by_event   (CsCallGraphPage *self);
/* The callers and callees of self->selected. */
void        _cs_call_graph_page_update_edges    (CsCallGraphPage *self);
/* The item at @position of @view's model (a tree row's item), or NULL. */
CsCallItem *_cs_call_graph_page_item_at         (GtkColumnView   *view,
                                                 guint            position);
/* Selects the functions list's row of @function and scrolls to it. */
void        _cs_call_graph_page_select_in_list  (CsCallGraphPage *self,
                                                 guint            function);

/* cs-callgraph-compare.c */
void         _cs_call_graph_page_set_comparison  (CsCallGraphPage *self,
                                                  CsComparison    *comparison);
/* The base's graph for @comparison (in the worker), NULL when the base has
 * no call chains or a region is shown (@region > 0). */
CsCallGraph *_cs_call_graph_page_build_base      (CsComparison    *comparison,
                                                  guint            region,
                                                  GCancellable    *cancellable);
/* self->graph and self->event are new: the Δ columns and the flame
 * graph's colours follow. */
void         _cs_call_graph_page_update_compare  (CsCallGraphPage *self);

/* cs-callgraph-region.c */
/* The region the graph is built for (1…n), 0: all samples. */
guint       _cs_call_graph_page_get_region_index (CsCallGraphPage *self,
                                                  CsProfile       *profile);
/* Fills the region choice from the recording (hidden without regions). */
void        _cs_call_graph_page_update_regions  (CsCallGraphPage *self);
void        _cs_call_graph_page_init_regions    (CsCallGraphPage *self);
/* Reloads the graph (cs-callgraph-page.c). */
void        _cs_call_graph_page_reload          (CsCallGraphPage *self);

G_END_DECLS
