/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-run-list.c — a recording in progress: elapsed time, one row per run
 *
 * The recorder reports a run when it starts and when it ends, which for a
 * long run is minutes apart; the elapsed time must not wait for that. So the
 * clock here is its own: a one-second timer on the main loop reads the
 * monotonic time since the recording started (and since the running run
 * started) and updates the heading and the running row. A run's bar shows
 * its share of the expected run time when a previous recording of the same
 * command gave one, and pulses otherwise; a finished run's bar is full, with
 * its outcome and wall time beside it.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-record-run-list.h"

typedef struct
{
  GtkWidget *box;
  GtkWidget *title;
  GtkWidget *events;
  GtkWidget *bar;
  GtkWidget *status;
  char      *label;      /* the run's kind ("group 2", "cycles only"), once known */
  gint64     started;    /* monotonic µs when it started; 0: not started */
  gboolean   running;
} RunRow;

struct _CsRecordRunList
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkLabel          *overall_label;
  GtkLabel          *elapsed_label;
  GtkProgressBar    *overall_bar;
  GtkScrolledWindow *scroller;
  GtkListBox        *list;

  GArray            *rows;       /* RunRow */
  guint              n_runs;
  guint              current;    /* 1-based run last reported; 0: none yet */
  guint              n_finished;
  double             expected;   /* seconds for the whole recording; NaN: unknown */
  gint64             t0;         /* monotonic µs when the recording started */
  guint              tick_id;
  guint              pulse_id;
};

G_DEFINE_FINAL_TYPE (CsRecordRunList, cs_record_run_list, GTK_TYPE_WIDGET)

static void
clear_row (gpointer data)
{
  g_free (((RunRow *) data)->label);
}

/* Whole seconds as a person reads them: "4 s", "1 min 48 s". */
static char *
format_seconds (double seconds)
{
  guint s = seconds > 0 ? (guint) seconds : 0;

  if (s < 60)
    /* TRANSLATORS: a duration in whole seconds */
    return g_strdup_printf (_("%u s"), s);
  /* TRANSLATORS: a duration in minutes and seconds, e.g. "1 min 08 s" */
  return g_strdup_printf (_("%u min %02u s"), s / 60, s % 60);
}

static void
add_row (CsRecordRunList *self,
         guint            run,
         guint            n_runs)
{
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  g_autofree char *title = g_strdup_printf (_("Run %u of %u"), run, n_runs);
  RunRow row = { 0 };

  row.box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  row.title = gtk_label_new (title);
  row.status = gtk_label_new (_("waiting"));
  row.events = gtk_label_new (NULL);
  row.bar = gtk_progress_bar_new ();
  gtk_label_set_xalign (GTK_LABEL (row.title), 0);
  gtk_widget_set_hexpand (row.title, TRUE);
  gtk_label_set_xalign (GTK_LABEL (row.events), 0);
  gtk_label_set_ellipsize (GTK_LABEL (row.events), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (row.events, "dim-label");
  gtk_widget_add_css_class (row.events, "caption");
  gtk_widget_add_css_class (row.status, "dim-label");
  gtk_widget_add_css_class (row.status, "numeric");
  gtk_box_append (GTK_BOX (top), row.title);
  gtk_box_append (GTK_BOX (top), row.status);
  gtk_box_append (GTK_BOX (row.box), top);
  gtk_box_append (GTK_BOX (row.box), row.events);
  gtk_box_append (GTK_BOX (row.box), row.bar);
  gtk_widget_set_margin_start (row.box, 12);
  gtk_widget_set_margin_end (row.box, 12);
  gtk_widget_set_margin_top (row.box, 6);
  gtk_widget_set_margin_bottom (row.box, 6);
  gtk_list_box_append (self->list, row.box);
  g_array_append_val (self->rows, row);
}

static gboolean
pulse_running (gpointer user_data)
{
  CsRecordRunList *self = user_data;

  /* Only a run without an expected length pulses; the others fill. */
  if (!isnan (self->expected))
    return G_SOURCE_CONTINUE;
  for (guint i = 0; i < self->rows->len; i++)
    if (g_array_index (self->rows, RunRow, i).running)
      gtk_progress_bar_pulse (GTK_PROGRESS_BAR (g_array_index (self->rows, RunRow, i).bar));
  return G_SOURCE_CONTINUE;
}

/* The heading, the elapsed time and the running run, from the clock. */
static void
show_time (CsRecordRunList *self)
{
  gint64 now = g_get_monotonic_time ();
  double elapsed = (now - self->t0) / (double) G_USEC_PER_SEC;
  g_autofree char *elapsed_text = format_seconds (elapsed);
  g_autofree char *text = NULL;

  if (!isnan (self->expected))
    {
      g_autofree char *expected_text = format_seconds (round (self->expected));

      /* TRANSLATORS: elapsed and expected time of a recording, "4 s of about 12 s" */
      text = g_strdup_printf (_("%s of about %s"), elapsed_text, expected_text);
      /* Never full before it is done: the estimate is only an estimate. */
      gtk_progress_bar_set_fraction (self->overall_bar,
                                     MIN (elapsed / MAX (self->expected, 0.001), 0.99));
    }
  else
    {
      /* TRANSLATORS: time since the recording started, "4 s elapsed" */
      text = g_strdup_printf (_("%s elapsed"), elapsed_text);
      gtk_progress_bar_set_fraction (self->overall_bar,
                                     (double) self->n_finished / MAX (self->n_runs, 1));
    }
  gtk_label_set_text (self->elapsed_label, text);

  for (guint i = 0; i < self->rows->len; i++)
    {
      RunRow *row = &g_array_index (self->rows, RunRow, i);
      double run_elapsed;
      g_autofree char *run_text = NULL;
      g_autofree char *title = NULL;

      if (!row->running)
        continue;
      run_elapsed = (now - row->started) / (double) G_USEC_PER_SEC;
      run_text = format_seconds (run_elapsed);
      /* TRANSLATORS: the running run, its kind and its time so far: "Run 2 of 3 — cycles only — 4 s" */
      title = g_strdup_printf (_("Run %u of %u — %s — %s"), i + 1, self->n_runs,
                               row->label != NULL ? row->label : "", run_text);
      gtk_label_set_text (GTK_LABEL (row->title), title);
      if (!isnan (self->expected))
        gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (row->bar),
                                       MIN (run_elapsed * self->n_runs / MAX (self->expected, 0.001), 0.99));
    }
}

static gboolean
tick (gpointer user_data)
{
  show_time (user_data);
  return G_SOURCE_CONTINUE;
}

static void
scroll_to_row (CsRecordRunList *self,
               RunRow          *row)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  double x, y;

  if (gtk_widget_translate_coordinates (row->box, GTK_WIDGET (self->list), 0, 0, &x, &y))
    gtk_adjustment_clamp_page (adjustment, y, y + gtk_widget_get_height (row->box) + 12);
}

void
cs_record_run_list_start (CsRecordRunList *self,
                          guint            n_runs,
                          double           expected_seconds)
{
  GtkWidget *child;

  g_return_if_fail (CS_IS_RECORD_RUN_LIST (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_array_set_size (self->rows, 0);
  self->n_runs = n_runs;
  self->current = 0;
  self->n_finished = 0;
  self->expected = expected_seconds > 0 ? expected_seconds : NAN;
  for (guint i = 0; i < n_runs; i++)
    add_row (self, i + 1, n_runs);
  self->t0 = g_get_monotonic_time ();
  gtk_label_set_text (self->overall_label, _("Starting…"));
  show_time (self);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  self->tick_id = g_timeout_add_seconds (1, tick, self);
  if (self->pulse_id == 0)
    self->pulse_id = g_timeout_add (150, pulse_running, self);
}

void
cs_record_run_list_update (CsRecordRunList        *self,
                           const CsRecordProgress *progress)
{
  g_autofree char *title = NULL;
  g_autofree char *status = NULL;
  g_autofree char *overall = NULL;
  RunRow *row;

  g_return_if_fail (CS_IS_RECORD_RUN_LIST (self));

  if (progress->run == 0)
    return;
  while (self->rows->len < progress->n_runs)
    add_row (self, self->rows->len + 1, progress->n_runs);
  self->n_runs = MAX (self->n_runs, progress->n_runs);
  self->current = progress->run;
  row = &g_array_index (self->rows, RunRow, progress->run - 1);
  g_free (row->label);
  row->label = g_strdup (progress->label != NULL ? progress->label : "");

  gtk_label_set_text (GTK_LABEL (row->events), progress->events != NULL ? progress->events : "");
  gtk_widget_set_tooltip_text (row->events, progress->events);
  overall = g_strdup_printf (_("Recording: run %u of %u"), progress->run, progress->n_runs);
  gtk_label_set_text (self->overall_label, overall);

  if (progress->finished)
    {
      row->running = FALSE;
      self->n_finished++;
      /* TRANSLATORS: "Run 2 of 11 · group 2" */
      title = g_strdup_printf (_("Run %u of %u · %s"), progress->run, progress->n_runs, row->label);
      gtk_label_set_text (GTK_LABEL (row->title), title);
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (row->bar), 1.0);
      /* TRANSLATORS: run outcome and its wall time, e.g. "ok · 0.42 s" */
      status = g_strdup_printf (_("%s · %.2f s"), progress->outcome != NULL ? progress->outcome : "",
                                progress->run_seconds);
      if (progress->warning != NULL)
        gtk_widget_set_tooltip_text (row->status, progress->warning);
    }
  else
    {
      row->running = TRUE;
      row->started = g_get_monotonic_time ();
      status = g_strdup (_("running"));
      scroll_to_row (self, row);
    }
  gtk_label_set_text (GTK_LABEL (row->status), status);
  show_time (self);
}

void
cs_record_run_list_stop (CsRecordRunList *self,
                         const char      *state,
                         gboolean         complete)
{
  g_return_if_fail (CS_IS_RECORD_RUN_LIST (self));

  if (self->tick_id != 0)
    show_time (self);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  for (guint i = 0; i < self->rows->len; i++)
    g_array_index (self->rows, RunRow, i).running = FALSE;
  if (state != NULL)
    gtk_label_set_text (self->overall_label, state);
  if (complete)
    gtk_progress_bar_set_fraction (self->overall_bar, 1.0);
}

static void
cs_record_run_list_dispose (GObject *object)
{
  CsRecordRunList *self = CS_RECORD_RUN_LIST (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_RECORD_RUN_LIST);
  G_OBJECT_CLASS (cs_record_run_list_parent_class)->dispose (object);
}

static void
cs_record_run_list_finalize (GObject *object)
{
  CsRecordRunList *self = CS_RECORD_RUN_LIST (object);

  g_array_unref (self->rows);
  G_OBJECT_CLASS (cs_record_run_list_parent_class)->finalize (object);
}

static void
cs_record_run_list_class_init (CsRecordRunListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_record_run_list_dispose;
  object_class->finalize = cs_record_run_list_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-record-run-list.ui");
  gtk_widget_class_bind_template_child (widget_class, CsRecordRunList, box);
  gtk_widget_class_bind_template_child (widget_class, CsRecordRunList, overall_label);
  gtk_widget_class_bind_template_child (widget_class, CsRecordRunList, elapsed_label);
  gtk_widget_class_bind_template_child (widget_class, CsRecordRunList, overall_bar);
  gtk_widget_class_bind_template_child (widget_class, CsRecordRunList, scroller);
  gtk_widget_class_bind_template_child (widget_class, CsRecordRunList, list);
}

static void
cs_record_run_list_init (CsRecordRunList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_array_new (FALSE, TRUE, sizeof (RunRow));
  g_array_set_clear_func (self->rows, clear_row);
  self->expected = NAN;
}
