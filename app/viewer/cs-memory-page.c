/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-page.c — the Memory page: cacheline table and address scatter view
 *
 * For a recording with sampled registers (record --regs) the page
 * reconstructs each sample's data address (cs-memory-profile.h) on a worker
 * thread when a recording is shown, then lists the cachelines by samples
 * (cs-cacheline-table). Selecting a line shows which threads touched which
 * of its bytes — as a scatter of byte offset against time, where false
 * sharing is two colours in separate columns — and what the page knows
 * about it (cs-cacheline-pane); the "All Accesses" scatter shows every
 * address against time, and a click on a point selects its line. Without
 * registers the page teaches how to record them instead of staying blank.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-cacheline-pane.h"
#include "cs-cacheline-table.h"
#include "cs-memory-confirm.h"
#include "cs-memory-format.h"
#include "cs-memory-page-private.h"
#include "cs-memory-scatter.h"
#include "cs-file-chooser.h"
#include "cs-scatter-view.h"
#include "cs-view-export.h"

G_DEFINE_FINAL_TYPE (CsMemoryPage, cs_memory_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANALYSIS,
  PROP_PROFILE,
  PROP_LOADING,
  PROP_FINDING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_empty (CsMemoryPage *self,
            const char   *title,
            const char   *body)
{
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->body_label, body);
  gtk_spinner_stop (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

static void
show_no_registers (CsMemoryPage *self)
{
  show_empty (self, _("No address samples"),
              _("The memory view shows which cachelines threads fight over. It needs "
                "samples with data addresses: record with “cyclescope record --regs” "
                "(or switch on “Data addresses” when recording from here) so that "
                "addresses are reconstructed from the sampled registers."));
}

/* The scatter of the selected line, or of every access. */
static void
update_scatter (CsMemoryPage *self)
{
  const CsMemoryLine *line = cs_cacheline_table_get_selected_line (self->lines_table);
  g_autoptr(CsScatterData) data = NULL;

  /* A watched run is about the line it started on. */
  if (self->confirming != NULL && (line == NULL || line->id != self->confirm_line))
    g_cancellable_cancel (self->confirming);

  gtk_widget_set_sensitive (GTK_WIDGET (self->flagged_button),
                            gtk_toggle_button_get_active (self->all_button) || line == NULL);
  if (self->profile != NULL && (gtk_toggle_button_get_active (self->all_button) || line == NULL))
    data = cs_memory_scatter_new_all (self->profile, line, gtk_toggle_button_get_active (self->flagged_button));
  else if (self->profile != NULL)
    data = cs_memory_scatter_new_line (self->profile, line);
  cs_scatter_view_set_data (self->scatter, data);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "memory.export-image", data != NULL);
  _cs_memory_page_update_confirm (self);
}

static void
export_scatter (CsMemoryPage *self)
{
  const CsMemoryLine *line = cs_cacheline_table_get_selected_line (self->lines_table);
  g_autofree char *name = NULL;

  if (gtk_toggle_button_get_active (self->all_button) || line == NULL)
    name = g_strdup ("memory-accesses.png");
  else
    name = g_strdup_printf ("cacheline-0x%" G_GINT64_MODIFIER "x.png", line->address);
  cs_view_export_ask (CS_CAIRO_VIEW (self->scatter), &self->chooser, name);
}

static void
export_image (GtkWidget  *widget,
              const char *action,
              GVariant   *parameter)
{
  export_scatter (CS_MEMORY_PAGE (widget));
}

/* Connected to both buttons: GTK clears the group's other button before
 * it sets the new one, so at the first "toggled" neither is active yet. */
static void
mode_toggled (GtkToggleButton *button,
              CsMemoryPage    *self)
{
  if (gtk_toggle_button_get_active (button))
    update_scatter (self);
}

/* A point of the all-accesses scatter selects its cacheline (the point's
 * key is the line's id: shared lines have several addresses). */
static void
point_activated (CsMemoryPage *self,
                 guint64       address,
                 guint         key)
{
  if (cs_cacheline_table_select_id (self->lines_table, key))
    gtk_toggle_button_set_active (self->line_button, TRUE);
}

static void
show_summary (CsMemoryPage *self)
{
  const CsMemoryStats *st = cs_memory_profile_get_stats (self->profile);
  const char * const *warnings = cs_memory_profile_get_warnings (self->profile);
  guint n = cs_memory_profile_get_n_lines (self->profile);
  guint candidates = 0;
  g_autofree char *summary = NULL, *text = NULL;
  g_autofree char *known = NULL, *with_regs = NULL, *loads = NULL, *stores = NULL;
  g_autofree char *lines = NULL, *flagged = NULL;

  for (guint i = 0; i < n; i++)
    candidates += cs_memory_profile_get_line (self->profile, i)->false_sharing;
  known = cs_memory_format_count (st->n_known);
  with_regs = cs_memory_format_count (st->n_with_regs);
  loads = cs_memory_format_count (st->n_loads);
  stores = cs_memory_format_count (st->n_stores);
  lines = g_strdup_printf (ngettext ("%u cacheline", "%u cachelines", n), n);
  flagged = g_strdup_printf (ngettext ("%u false-sharing candidate",
                                       "%u false-sharing candidates", candidates), candidates);
  /* TRANSLATORS: "1,970 of 1,984 user-mode samples (99.3 %) have a data address ·
   * 3 cachelines · 0 false-sharing candidates · 1,970 loads, 1,968 stores";
   * the plural follows the second number, the samples with registers */
  summary = g_strdup_printf (ngettext ("%s of %s user-mode sample (%.1f %%) has a data address · "
                                       "%s · %s · %s loads, %s stores",
                                       "%s of %s user-mode samples (%.1f %%) have a data address · "
                                       "%s · %s · %s loads, %s stores", st->n_with_regs),
                             known, with_regs,
                             st->n_with_regs > 0 ? 100.0 * st->n_known / st->n_with_regs : 0.0,
                             lines, flagged, loads, stores);
  gtk_label_set_text (self->summary_label, summary);
  text = g_strjoinv ("\n", (char **) warnings);
  gtk_label_set_text (self->warning_label, text);
  gtk_widget_set_visible (self->warning_box, warnings[0] != NULL);
}

/* The profile is read: the table (bound to :profile), the summary and the
 * scatter, or why there is nothing to show. */
static void
show_profile (CsMemoryPage *self)
{
  const CsMemoryStats *st = cs_memory_profile_get_stats (self->profile);

  if (st->n_with_regs == 0)
    {
      show_no_registers (self);
      return;
    }
  if (cs_memory_profile_get_n_lines (self->profile) == 0)
    {
      const char * const *warnings = cs_memory_profile_get_warnings (self->profile);
      g_autofree char *why = g_strjoinv ("\n", (char **) warnings);
      /* The warnings usually are the reason (the program's file is gone). */
      g_autofree char *body =
        g_strdup_printf ("%s%s%s",
                         _("None of the sampled instructions accessed memory at a known address "
                           "(see “cyclescope report --memory” for the reasons, counted per sample)."),
                         warnings[0] != NULL ? "\n\n" : "", why);

      show_empty (self, _("No data addresses"), body);
      return;
    }
  show_summary (self);
  gtk_spinner_stop (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "content");
  update_scatter (self);
}

/* What a load reads: the file, and while a filter is active (issue 14)
 * the samples it selects, found again by thread and time. */
typedef struct
{
  char               *path;
  CsProfileSampleSet *selected;
} LoadJob;

static void
load_job_free (LoadJob *job)
{
  g_free (job->path);
  g_clear_pointer (&job->selected, cs_profile_sample_set_free);
  g_free (job);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  LoadJob *job = data;
  GError *error = NULL;
  CsMemoryProfile *profile = cs_memory_profile_load (job->path, NULL, cancellable, &error);

  if (profile != NULL && job->selected != NULL)
    {
      CsMemoryProfile *subset = cs_memory_profile_filter (profile, cs_profile_sample_set_contains, job->selected);

      g_object_unref (profile);
      profile = subset;
    }

  if (profile == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, profile, g_object_unref);
}

/* What the Memory page found goes on the Overview, where the user starts
 * (the window binds the two "finding" properties). */
static void
set_profile (CsMemoryPage    *self,
             CsMemoryProfile *profile)
{
  g_autofree char *finding = profile != NULL ? cs_memory_format_finding (profile) : NULL;

  if (!g_set_object (&self->profile, profile))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROFILE]);
  if (g_strcmp0 (finding, self->finding) != 0)
    {
      g_free (self->finding);
      self->finding = g_steal_pointer (&finding);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINDING]);
    }
}

static void
set_loading (CsMemoryPage *self,
             GCancellable *cancellable)
{
  gboolean was = self->cancellable != NULL;

  g_cancellable_cancel (self->cancellable);
  g_set_object (&self->cancellable, cancellable);
  if (was != (cancellable != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(CsMemoryPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsMemoryProfile) profile = g_task_propagate_pointer (G_TASK (result), &error);

  /* A newer recording (or none) replaced this one meanwhile. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    return;
  set_loading (self, NULL);
  if (profile == NULL)
    {
      show_empty (self, _("Data addresses could not be read"), error->message);
      return;
    }
  set_profile (self, profile);
  show_profile (self);
}

static void
reload (CsMemoryPage *self)
{
  g_autofree char *path = self->analysis != NULL ? cs_memory_scatter_find_perf_data (self->analysis) : NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GTask) task = NULL;
  LoadJob *job;

  set_loading (self, NULL);
  set_profile (self, NULL);
  update_scatter (self);
  if (path == NULL)
    {
      show_no_registers (self);
      return;
    }
  cancellable = g_cancellable_new ();
  set_loading (self, cancellable);
  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  job = g_new0 (LoadJob, 1);
  job->path = g_steal_pointer (&path);
  if (cs_analysis_get_filter (self->analysis) != NULL && cs_analysis_get_profile (self->analysis) != NULL)
    job->selected = cs_profile_sample_set_new (cs_analysis_get_profile (self->analysis));
  task = g_task_new (NULL, cancellable, load_done, g_object_ref (self));
  g_task_set_task_data (task, job, (GDestroyNotify) load_job_free);
  g_task_run_in_thread (task, (GTaskThreadFunc) load_thread);
}

CsMemoryProfile *
cs_memory_page_get_profile (CsMemoryPage *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PAGE (self), NULL);
  return self->profile;
}

gboolean
cs_memory_page_is_loading (CsMemoryPage *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PAGE (self), FALSE);
  return self->cancellable != NULL;
}

static void
cs_memory_page_dispose (GObject *object)
{
  CsMemoryPage *self = CS_MEMORY_PAGE (object);
  GtkWidget *child;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_cancellable_cancel (self->confirming);
  g_clear_object (&self->confirming);
  /* No answer may reach a page that is gone. */
  cs_file_chooser_clear (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_MEMORY_PAGE);
  /* The template's root is not a bound child: unparent it ourselves. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->profile);
  g_clear_object (&self->analysis);
  g_clear_pointer (&self->finding, g_free);
  G_OBJECT_CLASS (cs_memory_page_parent_class)->dispose (object);
}

static void
cs_memory_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CsMemoryPage *self = CS_MEMORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, self->analysis);
      break;
    case PROP_PROFILE:
      g_value_set_object (value, self->profile);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->cancellable != NULL);
      break;
    case PROP_FINDING:
      g_value_set_string (value, self->finding);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_memory_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  CsMemoryPage *self = CS_MEMORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      if (g_set_object (&self->analysis, g_value_get_object (value)))
        {
          reload (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_memory_page_class_init (CsMemoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_memory_page_dispose;
  object_class->get_property = cs_memory_page_get_property;
  object_class->set_property = cs_memory_page_set_property;

  /**
   * CsMemoryPage:analysis:
   *
   * The recording shown; its data addresses are reconstructed on a worker
   * thread when it is set.
   */
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CsMemoryPage:profile:
   *
   * The reconstructed addresses, once read (NULL before, or without
   * register samples); the cacheline table is bound to it.
   */
  properties[PROP_PROFILE] =
    g_param_spec_object ("profile", NULL, NULL, CS_TYPE_MEMORY_PROFILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CsMemoryPage:loading:
   *
   * TRUE while the addresses are reconstructed.
   */
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CsMemoryPage:finding:
   *
   * The page's finding in one sentence (the hottest false-sharing
   * candidate), NULL before the addresses are read or without one.
   */
  properties[PROP_FINDING] =
    g_param_spec_string ("finding", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CS_TYPE_SCATTER_VIEW);
  g_type_ensure (CS_TYPE_CACHELINE_TABLE);
  g_type_ensure (CS_TYPE_CACHELINE_PANE);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-memory-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, stack);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, body_label);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, summary_label);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, warning_box);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, warning_label);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, lines_table);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, line_pane);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, line_button);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, all_button);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, flagged_button);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, scatter);
  gtk_widget_class_bind_template_callback (widget_class, update_scatter);
  gtk_widget_class_bind_template_callback (widget_class, mode_toggled);
  gtk_widget_class_bind_template_callback (widget_class, point_activated);
  gtk_widget_class_bind_template_callback (widget_class, export_scatter);
  gtk_widget_class_install_action (widget_class, "memory.export-image", NULL, export_image);
  gtk_widget_class_install_action (widget_class, "memory.confirm", NULL, _cs_memory_page_confirm);
  gtk_widget_class_install_action (widget_class, "memory.stop-confirm", NULL, _cs_memory_page_stop_confirm);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "memorypage");
}

static void
cs_memory_page_init (CsMemoryPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  show_no_registers (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "memory.export-image", FALSE);
  _cs_memory_page_update_confirm (self);
}
