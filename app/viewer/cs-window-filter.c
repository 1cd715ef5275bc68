/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-window-filter.c — the window's filters: chips, Back, Reset, timeline
 *
 * The window shows one analysis; while a filter is active it is the
 * filtered analysis of the recording (cs_analysis_new_filtered()), so every
 * page, bound to the window's :analysis, follows the filter without
 * knowing of it. A filter change (a range or a row on the timeline, a
 * function in the flame graph, a chip removed) is a new filter: the one
 * before it goes on a history for Back; Reset returns to the whole
 * recording. The re-aggregation runs in a thread; a newer change cancels
 * an older one still running.
 *
 * win.add-filter ("(sbs)": kind, exclude, value) lets any view ask for a
 * clause: kind is one of time ("START,STOP" in ns), process, thread, cpu
 * (numbers), comm, module, symbol, function (names).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-profile-summary.h"
#include "cs-profile-tasks.h"
#include "cs-timeline-draw.h"
#include "cs-viewer-format.h"
#include "cs-window-private.h"

static const char * const kind_names[] = {
  [CS_FILTER_TIME] = "time",
  [CS_FILTER_PROCESS] = "process",
  [CS_FILTER_THREAD] = "thread",
  [CS_FILTER_COMM] = "comm",
  [CS_FILTER_CPU] = "cpu",
  [CS_FILTER_MODULE] = "module",
  [CS_FILTER_SYMBOL] = "symbol",
  [CS_FILTER_FUNCTION] = "function",
};

static CsProfileFilter *
current_filter (CsWindow *self)
{
  CsProfileFilter *filter = self->analysis != NULL ? cs_analysis_get_filter (self->analysis) : NULL;

  return filter != NULL ? cs_profile_filter_copy (filter) : cs_profile_filter_new ();
}

static void
append_clause (CsProfileFilter      *filter,
               const CsFilterClause *c)
{
  switch (c->kind)
    {
    case CS_FILTER_TIME:
      cs_profile_filter_add_time (filter, c->exclude, c->ranges, c->n_values);
      break;
    case CS_FILTER_PROCESS:
    case CS_FILTER_THREAD:
    case CS_FILTER_CPU:
      cs_profile_filter_add_numbers (filter, c->kind, c->exclude, c->numbers, c->n_values);
      break;
    default:
      {
        g_autofree const char **strings = g_new0 (const char *, c->n_values + 1);

        for (guint i = 0; i < c->n_values; i++)
          strings[i] = c->strings[i];
        cs_profile_filter_add_strings (filter, c->kind, c->exclude, strings);
      }
    }
}

/* --- applying --- */

typedef struct
{
  CsAnalysis      *base;
  CsProfileFilter *filter;
} FilterJob;

static void
filter_job_free (FilterJob *job)
{
  g_object_unref (job->base);
  cs_profile_filter_unref (job->filter);
  g_free (job);
}

static void
filter_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  FilterJob *job = data;
  GError *error = NULL;
  CsAnalysis *analysis = cs_analysis_new_filtered (job->base, job->filter, cancellable, &error);

  if (analysis == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, analysis, g_object_unref);
}

static void
filter_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  CsWindow *self = CS_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = g_task_propagate_pointer (G_TASK (result), &error);

  /* a newer change, a new recording or the window's end came first */
  if (g_task_get_cancellable (G_TASK (result)) != self->filter_cancellable)
    return;
  g_clear_object (&self->filter_cancellable);
  if (analysis == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _cs_window_show_error_full (self, _("The filter could not be applied"), error->message, NULL);
      return;
    }
  _cs_window_set_analysis (self, analysis);
}

static void
cancel_filtering (CsWindow *self)
{
  g_cancellable_cancel (self->filter_cancellable);
  g_clear_object (&self->filter_cancellable);
}

static void
apply (CsWindow        *self,
       CsProfileFilter *filter)
{
  g_autoptr(GTask) task = NULL;
  FilterJob *job;

  if (self->analysis == NULL)
    return;
  cancel_filtering (self);
  self->filter_cancellable = g_cancellable_new ();
  job = g_new0 (FilterJob, 1);
  job->base = g_object_ref (cs_analysis_get_base (self->analysis));
  job->filter = cs_profile_filter_ref (filter);
  task = g_task_new (self, self->filter_cancellable, filter_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) filter_job_free);
  g_task_run_in_thread (task, filter_thread);
}

/* Makes @filter (taken) the window's, the current one going on the history. */
static void
push (CsWindow        *self,
      CsProfileFilter *filter)
{
  g_autoptr(CsProfileFilter) owned = filter;

  if (self->analysis == NULL)
    return;
  g_ptr_array_add (self->filter_history, current_filter (self));
  apply (self, owned);
}

static void
request_clause (CsWindow        *self,
                CsProfileFilter *clause)
{
  CsProfileFilter *filter = current_filter (self);

  for (guint i = 0; i < cs_profile_filter_get_n_clauses (clause); i++)
    append_clause (filter, cs_profile_filter_get_clause (clause, i));
  push (self, filter);
}

/* --- chips --- */

static const char *
thread_name (CsProfile *profile,
             gint64     tid)
{
  for (guint i = 0; profile != NULL && i < cs_profile_get_n_tasks (profile); i++)
    if (cs_profile_get_task (profile, i)->tid == tid)
      return cs_profile_get_task (profile, i)->comm;
  return NULL;
}

static const char *
process_name (CsProfile *profile,
              gint64     pid)
{
  for (guint i = 0; profile != NULL && i < cs_profile_get_n_processes (profile); i++)
    if (cs_profile_get_process (profile, i)->pid == pid)
      return cs_profile_get_process (profile, i)->comm;
  return NULL;
}

static char *
describe_value (CsProfile            *profile,
                const CsFilterClause *c,
                guint                 i)
{
  guint64 first = 0, last = 0;

  switch (c->kind)
    {
    case CS_FILTER_TIME:
      {
        g_autofree char *a = NULL;
        g_autofree char *b = NULL;
        guint64 resolution;

        if (profile != NULL)
          cs_profile_get_time_bounds (profile, &first, &last);
        resolution = MAX ((last - first) / 1000, 1);
        a = cs_timeline_format_offset (c->ranges[i].start > first ? c->ranges[i].start - first : 0, resolution);
        b = cs_timeline_format_offset (c->ranges[i].end > first ? c->ranges[i].end - first : 0, resolution);
        /* TRANSLATORS: a time range of a filter chip */
        return g_strdup_printf (_("%s – %s"), a, b);
      }
    case CS_FILTER_PROCESS:
    case CS_FILTER_THREAD:
      {
        const char *name = c->kind == CS_FILTER_THREAD ? thread_name (profile, c->numbers[i])
                                                       : process_name (profile, c->numbers[i]);

        return name != NULL ? g_strdup_printf ("%s %" G_GINT64_FORMAT, name, c->numbers[i])
                            : g_strdup_printf ("%" G_GINT64_FORMAT, c->numbers[i]);
      }
    case CS_FILTER_CPU:
      return g_strdup_printf ("%" G_GINT64_FORMAT, c->numbers[i]);
    default:
      return g_strdup (c->strings[i]);
    }
}

/* "Time: 1.2 s – 2.5 s", "Not thread: worker 1234" */
static char *
describe_clause (CsProfile            *profile,
                 const CsFilterClause *c)
{
  static const char * const includes[] = {
    N_("Time"), N_("Process"), N_("Thread"), N_("Thread name"),
    N_("CPU"), N_("Module"), N_("Symbol"), N_("Function"),
  };
  static const char * const excludes[] = {
    N_("Not time"), N_("Not process"), N_("Not thread"), N_("Not thread name"),
    N_("Not CPU"), N_("Not module"), N_("Not symbol"), N_("Not function"),
  };
  g_autoptr(GString) values = g_string_new (NULL);

  for (guint i = 0; i < c->n_values; i++)
    {
      g_autofree char *v = describe_value (profile, c, i);

      if (i > 0)
        g_string_append (values, ", ");
      g_string_append (values, v);
    }
  /* TRANSLATORS: a filter chip: what it filters, and the values */
  return g_strdup_printf (_("%s: %s"), _(c->exclude ? excludes[c->kind] : includes[c->kind]), values->str);
}

static void
chip_remove_clicked (GtkButton *button,
                     CsWindow  *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "cs-clause"));
  CsProfileFilter *filter = current_filter (self);

  cs_profile_filter_remove (filter, index);
  push (self, filter);
}

static void
update_chips (CsWindow *self)
{
  CsProfileFilter *filter = self->analysis != NULL ? cs_analysis_get_filter (self->analysis) : NULL;
  CsProfile *profile = self->analysis != NULL ? cs_analysis_get_profile (self->analysis) : NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->filter_chips))) != NULL)
    gtk_flow_box_remove (self->filter_chips, child);
  for (guint i = 0; filter != NULL && i < cs_profile_filter_get_n_clauses (filter); i++)
    {
      g_autofree char *text = describe_clause (profile, cs_profile_filter_get_clause (filter, i));
      GtkWidget *chip = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
      GtkWidget *label = gtk_label_new (text);
      GtkWidget *remove = gtk_button_new_from_icon_name ("window-close-symbolic");

      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
      gtk_widget_set_tooltip_text (label, text);
      gtk_widget_add_css_class (chip, "cs-filter-chip");
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_add_css_class (remove, "circular");
      gtk_widget_set_tooltip_text (remove, _("Remove this filter"));
      g_object_set_data (G_OBJECT (remove), "cs-clause", GUINT_TO_POINTER (i));
      g_signal_connect (remove, "clicked", G_CALLBACK (chip_remove_clicked), self);
      gtk_box_append (GTK_BOX (chip), label);
      gtk_box_append (GTK_BOX (chip), remove);
      gtk_flow_box_append (self->filter_chips, chip);
    }
  gtk_revealer_set_reveal_child (self->filter_revealer, filter != NULL || self->filter_history->len > 0);
}

void
_cs_window_update_filter (CsWindow *self,
                          gboolean  new_recording)
{
  CsProfileFilter *filter = self->analysis != NULL ? cs_analysis_get_filter (self->analysis) : NULL;
  CsProfile *profile = self->analysis != NULL ? cs_analysis_get_profile (self->analysis) : NULL;

  if (new_recording)
    {
      cancel_filtering (self);
      g_ptr_array_set_size (self->filter_history, 0);
    }
  cs_timeline_view_set_profile (self->timeline_view, profile, filter);
  gtk_widget_set_visible (GTK_WIDGET (self->timeline_expander), profile != NULL);
  update_chips (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.filter-back", self->filter_history->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.filter-reset", filter != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.add-filter", profile != NULL);
  if (filter != NULL)
    {
      g_autofree char *title = cs_format_window_title (self->analysis);
      /* TRANSLATORS: the window title while a filter is active */
      g_autofree char *filtered = g_strdup_printf (_("%s (filtered)"), title);

      gtk_window_set_title (GTK_WINDOW (self), filtered);
    }
}

/* --- actions --- */

static void
action_back (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CsWindow *self = CS_WINDOW (widget);
  g_autoptr(CsProfileFilter) previous = NULL;

  if (self->filter_history->len == 0)
    return;
  previous = g_ptr_array_steal_index (self->filter_history, self->filter_history->len - 1);
  apply (self, previous);
}

static void
action_reset (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CsWindow *self = CS_WINDOW (widget);

  if (self->analysis != NULL && cs_analysis_get_filter (self->analysis) != NULL)
    push (self, cs_profile_filter_new ());
}

static void
action_filter (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CsWindow *self = CS_WINDOW (widget);
  g_autoptr(CsProfileFilter) clause = cs_profile_filter_new ();
  const char *kind, *value;
  gboolean exclude;
  guint k;

  g_variant_get (parameter, "(&sb&s)", &kind, &exclude, &value);
  for (k = 0; k < G_N_ELEMENTS (kind_names) && g_strcmp0 (kind_names[k], kind) != 0; k++)
    ;
  switch (k)
    {
    case CS_FILTER_TIME:
      {
        g_auto(GStrv) ends = g_strsplit (value, ",", 2);
        CsTimeRange range;

        if (g_strv_length (ends) != 2)
          return;
        range.start = g_ascii_strtoull (ends[0], NULL, 10);
        range.end = g_ascii_strtoull (ends[1], NULL, 10);
        cs_profile_filter_add_time (clause, exclude, &range, 1);
        break;
      }
    case CS_FILTER_PROCESS:
    case CS_FILTER_THREAD:
    case CS_FILTER_CPU:
      cs_profile_filter_add_number (clause, k, exclude, g_ascii_strtoll (value, NULL, 10));
      break;
    case CS_FILTER_COMM:
    case CS_FILTER_MODULE:
    case CS_FILTER_SYMBOL:
    case CS_FILTER_FUNCTION:
      cs_profile_filter_add_string (clause, k, exclude, value);
      break;
    default:
      g_warning ("win.add-filter: unknown kind “%s”", kind);
      return;
    }
  request_clause (self, clause);
}

static void
timeline_filter_requested (CsWindow        *self,
                           CsProfileFilter *clause)
{
  request_clause (self, clause);
}

void
_cs_window_class_add_filter (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.filter-back", NULL, action_back);
  gtk_widget_class_install_action (widget_class, "win.filter-reset", NULL, action_reset);
  gtk_widget_class_install_action (widget_class, "win.add-filter", "(sbs)", action_filter);
}

void
_cs_window_init_filter (CsWindow *self)
{
  self->filter_history = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_profile_filter_unref);
  g_signal_connect_swapped (self->timeline_view, "filter-requested", G_CALLBACK (timeline_filter_requested), self);
  _cs_window_update_filter (self, TRUE);
}

void
_cs_window_dispose_filter (CsWindow *self)
{
  cancel_filtering (self);
  g_clear_pointer (&self->filter_history, g_ptr_array_unref);
}
