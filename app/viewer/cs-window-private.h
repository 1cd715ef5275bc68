/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-window-private.h — what cs-window.c and cs-window-actions.c share */
#pragma once

#include "cs-callgraph-page.h"
#include "cs-memory-page.h"
#include "cs-modules-page.h"
#include "cs-overview-page.h"
#include "cs-session-summary.h"
#include "cs-timeline-view.h"
#include "cs-window.h"

G_BEGIN_DECLS

typedef struct _CsLoadState CsLoadState;

struct _CsWindow
{
  GtkApplicationWindow  parent_instance;

  /* template children */
  GtkMenuButton        *open_button;
  GtkRevealer          *error_revealer;
  GtkLabel             *error_title;
  GtkLabel             *error_message;
  GtkToggleButton      *error_details_button;
  GtkLabel             *error_details;
  GtkRevealer          *progress_revealer;
  GtkLabel             *progress_label;
  GtkProgressBar       *progress_bar;
  GtkButton            *progress_cancel;
  GtkStack             *main_stack;
  GtkRevealer          *toast_revealer;
  GtkLabel             *toast_label;
  GtkStack             *page_stack;
  GtkListBox           *page_list;
  CsOverviewPage       *overview_page;
  CsModulesPage        *modules_page;
  CsCallGraphPage      *call_graph_page;
  CsMemoryPage         *memory_page;
  GtkRevealer          *filter_revealer;
  GtkFlowBox           *filter_chips;
  GtkExpander          *timeline_expander;
  CsTimelineView       *timeline_view;
  GMenu                *open_menu;
  GMenu                *recent_section;   /* filled from GtkRecentManager */

  GSettings            *settings;
  CsAnalysis           *analysis;
  CsComparison         *comparison;   /* cs-window-compare.c */
  GtkWidget            *compare_bar;
  /* The load in flight; a newer open or a cancel bumps the generation so
   * that late results and progress of an older load are dropped. */
  CsLoadState          *load;
  guint                 load_generation;
  GCancellable         *load_cancellable;
  GtkNativeDialog      *chooser;
  GtkWindow            *record_dialog;
  GtkWindow            *export_dialog;
  gulong                recent_changed_id;
  guint                 toast_timeout;
  /* Filters (cs-window-filter.c): the filters before the current one, for
   * Back (CsProfileFilter*), and the re-aggregation in flight. */
  GPtrArray            *filter_history;
  GCancellable         *filter_cancellable;
};

/* cs-window-actions.c */
void _cs_window_class_add_actions (GtkWidgetClass *widget_class);
void _cs_window_init_actions   (CsWindow *self);
void _cs_window_update_actions (CsWindow *self);
void _cs_window_update_recent  (CsWindow *self);
void _cs_window_add_recent     (CsWindow *self,
                               GFile    *file);
void _cs_window_close_dialogs  (CsWindow *self);

/* cs-window-filter.c */
void _cs_window_class_add_filter (GtkWidgetClass *widget_class);
void _cs_window_init_filter      (CsWindow       *self);
void _cs_window_dispose_filter   (CsWindow       *self);
/* The analysis shown changed: a new recording (@new_recording) forgets the
 * filters; the chips, the timeline and the title follow. */
void _cs_window_update_filter    (CsWindow       *self,
                                  gboolean        new_recording);

/* cs-window.c */
void _cs_window_set_analysis    (CsWindow   *self,
                                CsAnalysis *analysis);
/* Loads @file in the background, as the recording shown or (@baseline)
 * as the base of a comparison. */
void _cs_window_load            (CsWindow   *self,
                                GFile      *file,
                                gboolean    baseline);
void _cs_window_set_comparison  (CsWindow     *self,
                                CsComparison *comparison);

/* cs-window-compare.c */
void _cs_window_class_add_compare (GtkWidgetClass *widget_class);
void _cs_window_init_compare      (CsWindow       *self);
/* The base loaded: compare the recording shown with it. */
void _cs_window_compare_loaded    (CsWindow       *self,
                                   CsAnalysis     *base);
/* The analysis shown is being replaced: by a filter of it (@refiltered:
 * the comparison is made again with what the filter keeps) or by another
 * recording (the comparison ends). */
void _cs_window_follow_comparison (CsWindow       *self,
                                   gboolean        refiltered);

/* cs-window-messages.c */
void _cs_window_hide_error          (CsWindow   *self);
void _cs_window_error_close_clicked (CsWindow   *self);
void _cs_window_hide_toast          (CsWindow   *self);
void _cs_window_show_toast          (CsWindow   *self,
                                     const char *message);
void _cs_window_show_error_full     (CsWindow   *self,
                                     const char *title,
                                     const char *message,
                                     const char *details);

G_END_DECLS
