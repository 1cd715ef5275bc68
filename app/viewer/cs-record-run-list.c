/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-run-list.c — one row per run of a recording, with its progress
 *
 * A run's length is unknown in advance (it is the program's run time), so a
 * running run's bar pulses and a finished one is full, with its outcome and
 * wall time beside it; the list keeps the running run in view.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-record-run-list.h"

typedef struct
{
  GtkWidget *box;
  GtkWidget *title;
  GtkWidget *events;
  GtkWidget *bar;
  GtkWidget *status;
  gboolean   running;
} RunRow;

struct _CsRecordRunList
{
  GtkWidget          parent_instance;

  GtkScrolledWindow *scroller;
  GtkListBox        *list;
  GArray            *rows;       /* RunRow */
  guint              pulse_id;
};

G_DEFINE_FINAL_TYPE (CsRecordRunList, cs_record_run_list, GTK_TYPE_WIDGET)

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

  for (guint i = 0; i < self->rows->len; i++)
    if (g_array_index (self->rows, RunRow, i).running)
      gtk_progress_bar_pulse (GTK_PROGRESS_BAR (g_array_index (self->rows, RunRow, i).bar));
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
cs_record_run_list_reset (CsRecordRunList *self,
                          guint            n_runs)
{
  GtkWidget *child;

  g_return_if_fail (CS_IS_RECORD_RUN_LIST (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_array_set_size (self->rows, 0);
  for (guint i = 0; i < n_runs; i++)
    add_row (self, i + 1, n_runs);
  if (self->pulse_id == 0)
    self->pulse_id = g_timeout_add (150, pulse_running, self);
}

void
cs_record_run_list_update (CsRecordRunList        *self,
                           const CsRecordProgress *progress)
{
  g_autofree char *title = NULL;
  g_autofree char *status = NULL;
  RunRow *row;

  g_return_if_fail (CS_IS_RECORD_RUN_LIST (self));

  if (progress->run == 0)
    return;
  while (self->rows->len < progress->n_runs)
    add_row (self, self->rows->len + 1, progress->n_runs);
  row = &g_array_index (self->rows, RunRow, progress->run - 1);

  /* TRANSLATORS: "Run 2 of 11 · group 2" */
  title = g_strdup_printf (_("Run %u of %u · %s"), progress->run, progress->n_runs,
                           progress->label != NULL ? progress->label : "");
  gtk_label_set_text (GTK_LABEL (row->title), title);
  gtk_label_set_text (GTK_LABEL (row->events), progress->events != NULL ? progress->events : "");
  gtk_widget_set_tooltip_text (row->events, progress->events);
  row->running = !progress->finished;

  if (progress->finished)
    {
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (row->bar), 1.0);
      /* TRANSLATORS: run outcome and its wall time, e.g. "ok · 0.42 s" */
      status = g_strdup_printf (_("%s · %.2f s"), progress->outcome != NULL ? progress->outcome : "",
                                progress->run_seconds);
      if (progress->warning != NULL)
        gtk_widget_set_tooltip_text (row->status, progress->warning);
    }
  else
    {
      /* TRANSLATORS: a run started this many seconds into the recording */
      status = g_strdup_printf (_("running · started at %.1f s"), progress->elapsed);
      scroll_to_row (self, row);
    }
  gtk_label_set_text (GTK_LABEL (row->status), status);
}

void
cs_record_run_list_stop (CsRecordRunList *self)
{
  g_return_if_fail (CS_IS_RECORD_RUN_LIST (self));

  g_clear_handle_id (&self->pulse_id, g_source_remove);
  for (guint i = 0; i < self->rows->len; i++)
    g_array_index (self->rows, RunRow, i).running = FALSE;
}

static void
cs_record_run_list_dispose (GObject *object)
{
  CsRecordRunList *self = CS_RECORD_RUN_LIST (object);

  g_clear_handle_id (&self->pulse_id, g_source_remove);
  g_clear_pointer ((GtkWidget **) &self->scroller, gtk_widget_unparent);
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

  object_class->dispose = cs_record_run_list_dispose;
  object_class->finalize = cs_record_run_list_finalize;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
cs_record_run_list_init (CsRecordRunList *self)
{
  self->rows = g_array_new (FALSE, TRUE, sizeof (RunRow));
  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (self->scroller, 220);
  gtk_scrolled_window_set_max_content_height (self->scroller, 320);
  gtk_scrolled_window_set_propagate_natural_height (self->scroller, TRUE);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "frame");
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->list));
  gtk_widget_set_parent (GTK_WIDGET (self->scroller), GTK_WIDGET (self));
}
