/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-timeline-view.c — CsTimelineView in a real window: keys, zoom and
 * the filters it asks for
 *
 * argv[1]: callgraph-workload (its symbols name the samples). The recording
 * is written by hand (tests/lib/cs-timeline-synth.h): process 100 "alpha"
 * with threads 100 and 101, process 200 "beta"; TL_N samples TL_STEP ns
 * apart. What the view must do follows from that rule and from the keys'
 * definitions in cs-timeline-view.h:
 *
 *  - rows: alpha (most samples) first, then beta, then CPUs 0 and 1; Down
 *    and Enter on alpha show its threads 100 and 101 below it;
 *  - Right without a selection selects the first tenth of the time shown,
 *    Right again the next tenth, Shift+Right widens it by a tenth of its
 *    width, Left moves it back;
 *  - "+" shows the selection across the width, "-" the whole again;
 *  - Filter In on the selection asks for that time range (and drops the
 *    selection); Filter Out on the focused thread row asks to leave thread
 *    101 out; Filter In on the process row for process 100;
 *  - the tooltip over thread 101 names it and counts its samples.
 */
#include "config.h"

#include "cs-profile-summary.h"
#include "cs-test-widgets.h"
#include "cs-timeline-synth.h"
#include "cs-timeline-view.h"

static char *tmpdir;
static CsProfile *profile;

typedef struct
{
  GPtrArray *clauses;   /* CsProfileFilter*, as asked */
} Requests;

static void
on_filter_requested (CsTimelineView  *view,
                     CsProfileFilter *clause,
                     Requests        *requests)
{
  g_ptr_array_add (requests->clauses, cs_profile_filter_ref (clause));
}

static GtkEventController *
controller_of (GtkWidget *widget,
               GType      type)
{
  g_autoptr(GListModel) list = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (list, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;
    }
  g_assert_not_reached ();
}

/* A key pressed with the view focused, through its key controller. */
static void
press (CsTimelineView  *view,
       guint            keyval,
       GdkModifierType  state)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (controller_of (GTK_WIDGET (view), GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed",
                         keyval, 0, state, &handled);
  g_assert_true (handled);
  cs_test_flush ();
}

static const CsTimelineRow *
row (CsTimelineView *view,
     guint           index)
{
  const CsTimelineLayout *layout = cs_timeline_view_get_layout (view);

  g_assert_cmpuint (index, <, layout->rows->len);
  return g_ptr_array_index (layout->rows, index);
}

static void
test_view (void)
{
  GtkWidget *widget = cs_timeline_view_new ();
  CsTimelineView *view = CS_TIMELINE_VIEW (widget);
  Requests requests = { g_ptr_array_new_with_free_func ((GDestroyNotify) cs_profile_filter_unref) };
  GtkWindow *window;
  guint64 first = TL_T0, last = TL_T0 + (guint64) (TL_N - 1) * TL_STEP;
  guint64 start, end, w, a, b;
  const CsFilterClause *c;

  cs_timeline_view_set_profile (view, profile, NULL);
  g_signal_connect (view, "filter-requested", G_CALLBACK (on_filter_requested), &requests);
  window = cs_test_show (widget, 1000, 300);
  /* the pointer of the display is not the test's: no hover row */
  g_signal_emit_by_name (controller_of (widget, GTK_TYPE_EVENT_CONTROLLER_MOTION), "leave");
  cs_test_wait_frames (widget);

  /* rows */
  g_assert_cmpuint (cs_timeline_view_get_layout (view)->rows->len, ==, 4);
  g_assert_cmpint (row (view, 0)->kind, ==, CS_TIMELINE_ROW_PROCESS);
  g_assert_cmpint (row (view, 0)->pid, ==, 100);
  g_assert_cmpint (row (view, 1)->pid, ==, 200);
  g_assert_cmpint (row (view, 2)->kind, ==, CS_TIMELINE_ROW_CPU);
  g_assert_cmpint (row (view, 3)->kind, ==, CS_TIMELINE_ROW_CPU);
  gtk_widget_grab_focus (widget);
  press (view, GDK_KEY_Down, 0);        /* the first row */
  press (view, GDK_KEY_Return, 0);      /* expands alpha */
  g_assert_cmpuint (cs_timeline_view_get_layout (view)->rows->len, ==, 6);
  g_assert_true (row (view, 0)->expanded);
  g_assert_cmpint (row (view, 1)->kind, ==, CS_TIMELINE_ROW_THREAD);
  g_assert_cmpint (row (view, 1)->tid, ==, 100);
  g_assert_cmpint (row (view, 2)->tid, ==, 101);

  /* the selection and its keys */
  cs_timeline_view_get_range (view, &start, &end);
  g_assert_cmpuint (start, ==, first);
  g_assert_cmpuint (end, ==, last);
  w = (end - start) / 10;
  g_assert_false (cs_timeline_view_get_selection (view, NULL, NULL));
  press (view, GDK_KEY_Right, 0);
  g_assert_true (cs_timeline_view_get_selection (view, &a, &b));
  g_assert_cmpuint (a, ==, start);
  g_assert_cmpuint (b, ==, start + w);
  press (view, GDK_KEY_Right, 0);
  g_assert_true (cs_timeline_view_get_selection (view, &a, &b));
  g_assert_cmpuint (a, ==, start + w);
  g_assert_cmpuint (b, ==, start + 2 * w);
  press (view, GDK_KEY_Right, GDK_SHIFT_MASK);
  g_assert_true (cs_timeline_view_get_selection (view, &a, &b));
  g_assert_cmpuint (a, ==, start + w);
  g_assert_cmpuint (b, ==, start + 2 * w + w / 10);
  press (view, GDK_KEY_Left, 0);
  g_assert_true (cs_timeline_view_get_selection (view, &a, &b));
  g_assert_cmpuint (a, ==, start);
  g_assert_cmpuint (b, ==, start + w + w / 10);

  /* zoom */
  press (view, GDK_KEY_plus, 0);
  cs_timeline_view_get_range (view, &a, &b);
  g_assert_cmpuint (a, ==, start);
  g_assert_cmpuint (b, ==, start + w + w / 10);
  g_assert_cmpuint (cs_timeline_view_get_layout (view)->start, ==, a);
  press (view, GDK_KEY_minus, 0);
  cs_timeline_view_get_range (view, &a, &b);
  g_assert_cmpuint (a, ==, first);
  g_assert_cmpuint (b, ==, last);

  /* the filters asked for */
  g_assert_true (gtk_widget_activate_action (widget, "timeline.filter-in", NULL));
  g_assert_cmpuint (requests.clauses->len, ==, 1);
  g_assert_cmpuint (cs_profile_filter_get_n_clauses (requests.clauses->pdata[0]), ==, 1);
  c = cs_profile_filter_get_clause (requests.clauses->pdata[0], 0);
  g_assert_cmpint (c->kind, ==, CS_FILTER_TIME);
  g_assert_false (c->exclude);
  g_assert_cmpuint (c->ranges[0].start, ==, start);
  g_assert_cmpuint (c->ranges[0].end, ==, start + w + w / 10);
  g_assert_false (cs_timeline_view_get_selection (view, NULL, NULL));

  press (view, GDK_KEY_Down, 0);
  press (view, GDK_KEY_Down, 0);        /* thread 101 */
  g_assert_true (gtk_widget_activate_action (widget, "timeline.filter-out-row", NULL));
  g_assert_cmpuint (requests.clauses->len, ==, 2);
  c = cs_profile_filter_get_clause (requests.clauses->pdata[1], 0);
  g_assert_cmpint (c->kind, ==, CS_FILTER_THREAD);
  g_assert_true (c->exclude);
  g_assert_cmpint (c->numbers[0], ==, 101);

  press (view, GDK_KEY_Up, 0);
  press (view, GDK_KEY_Up, 0);          /* process 100 */
  g_assert_true (gtk_widget_activate_action (widget, "timeline.filter-in-row", NULL));
  g_assert_cmpuint (requests.clauses->len, ==, 3);
  c = cs_profile_filter_get_clause (requests.clauses->pdata[2], 0);
  g_assert_cmpint (c->kind, ==, CS_FILTER_PROCESS);
  g_assert_false (c->exclude);
  g_assert_cmpint (c->numbers[0], ==, 100);

  /* the tooltip over thread 101 late in the recording: its name, samples */
  {
    g_autofree char *tip = cs_cairo_view_describe (CS_CAIRO_VIEW (view),
                                                   cs_timeline_view_time_x (view, last - 5 * TL_STEP),
                                                   cs_timeline_view_row_y (view, 2));

    g_assert_nonnull (tip);
    g_assert_nonnull (strstr (tip, "101"));
    g_assert_nonnull (strstr (tip, "in the time shown"));
  }

  /* a new filter shades, the file stays: no reset of zoom or rows */
  {
    g_autoptr(CsProfileFilter) filter = cs_profile_filter_new ();

    cs_profile_filter_add_time (filter, FALSE, &(CsTimeRange) { start, start + w }, 1);
    cs_timeline_view_set_profile (view, profile, filter);
    g_assert_cmpuint (cs_timeline_view_get_layout (view)->rows->len, ==, 6);
  }
  gtk_window_destroy (window);
  g_ptr_array_unref (requests.clauses);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *path = NULL;
  g_autofree char *kallsyms = NULL;
  g_autoptr(CsSymbolizer) symbolizer = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  cs_test_widgets_init (&argc, &argv);
  if (argc < 2)
    g_error ("usage: test-timeline-view CALLGRAPH-WORKLOAD");
  tmpdir = cs_test_mkdtemp ();
  path = tl_synth_default (argv[1], FALSE, tmpdir, "timeline.data", NULL, NULL);
  kallsyms = tl_synth_kallsyms (tmpdir);
  symbolizer = cs_symbolizer_new ();
  cs_symbolizer_set_kallsyms_path (symbolizer, kallsyms);
  profile = cs_profile_load (path, symbolizer, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/timeline-view/keys-zoom-filters", test_view);
  status = g_test_run ();
  g_clear_object (&profile);
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
