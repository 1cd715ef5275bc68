/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-page.c — the Memory page: cacheline table and address scatter view
 *
 * For a recording with sampled registers (record --regs) the page
 * reconstructs each sample's data address (data/cs-memory-profile.h) on a
 * worker thread when a recording is shown, then lists the cachelines by
 * samples. Selecting a line shows which threads touched which of its bytes
 * — as a scatter of byte offset against time, where false sharing is two
 * colours in separate columns — and its hottest instructions; the "All
 * Accesses" scatter shows every address against time, and a click on a
 * point selects its line. Without registers the page teaches how to record
 * them instead of staying blank.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-list-columns.h"
#include "cs-memory-columns.h"
#include "cs-memory-format.h"
#include "cs-memory-line-item.h"
#include "cs-memory-page.h"
#include "cs-memory-scatter.h"
#include "cs-file-chooser.h"
#include "cs-scatter-view.h"
#include "cs-view-export.h"

struct _CsMemoryPage
{
  GtkWidget           parent_instance;

  GtkStack           *stack;
  GtkLabel           *title_label;
  GtkLabel           *body_label;
  GtkSpinner         *spinner;
  GtkLabel           *summary_label;
  GtkWidget          *warning_box;
  GtkLabel           *warning_label;
  GtkColumnView      *lines_view;
  GtkToggleButton    *line_button;
  GtkToggleButton    *all_button;
  GtkBox             *scatter_box;
  GtkLabel           *line_title;
  GtkLabel           *line_verdict;
  GtkListBox         *detail_list;
  CsScatterView      *scatter;

  GListStore         *lines;
  GtkSingleSelection *selection;
  guint64             max_samples;

  CsAnalysis         *analysis;
  CsMemoryProfile    *profile;
  GCancellable       *cancellable;
  GtkNativeDialog    *chooser;    /* Export Image… */
  char               *finding;
};

G_DEFINE_FINAL_TYPE (CsMemoryPage, cs_memory_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANALYSIS,
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

static const CsMemoryLine *selected_line (CsMemoryPage *self);

/* A row of the details list. A @link row (an instruction) is activated by
 * a click or Enter and shows the instruction in the disassembly; its title
 * is then not selectable, or a click would select text instead. */
static GtkWidget *
detail_row (const char *title,
            const char *subtitle,
            gboolean    link)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *sub = gtk_label_new (subtitle);

  gtk_widget_set_margin_start (outer, 8);
  gtk_widget_set_margin_end (outer, 8);
  gtk_widget_set_margin_top (outer, 6);
  gtk_widget_set_margin_bottom (outer, 6);
  gtk_widget_set_hexpand (box, TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), !link);
  gtk_label_set_xalign (GTK_LABEL (sub), 0);
  gtk_label_set_wrap (GTK_LABEL (sub), TRUE);
  gtk_widget_add_css_class (sub, "dim-label");
  gtk_widget_add_css_class (sub, "numeric");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), sub);
  gtk_box_append (GTK_BOX (outer), box);
  if (link)
    {
      GtkWidget *go = gtk_image_new_from_icon_name ("go-next-symbolic");

      gtk_widget_set_valign (go, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (outer), go);
      gtk_widget_set_tooltip_text (row, _("Show this instruction in the disassembly (Modules page)"));
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), outer);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), link);
  return row;
}

static void
clear_details (CsMemoryPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->detail_list))) != NULL)
    gtk_list_box_remove (self->detail_list, child);
}

/* The right-hand pane: the line, the verdict, its threads and instructions. */
static void
show_line_details (CsMemoryPage       *self,
                   const CsMemoryLine *line)
{
  g_autofree char *title = NULL;
  g_autofree char *address = NULL;

  clear_details (self);
  if (line == NULL)
    {
      gtk_label_set_text (self->line_title, _("No cacheline selected"));
      gtk_label_set_text (self->line_verdict, "");
      return;
    }
  address = cs_memory_format_address (line->address);
  /* TRANSLATORS: a cacheline's address, then the process id */
  title = g_strdup_printf (_("Cacheline %s (process %u)"), address, line->pid);
  gtk_label_set_text (self->line_title, title);
  gtk_label_set_text (self->line_verdict,
                      line->false_sharing
                      ? _("⚠ Likely false sharing: these threads touch different bytes of one line and "
                          "at least one stores, so the line moves between their cores on every write. "
                          "Padding the data apart (64 bytes) usually fixes it.")
                      : line->n_threads > 1
                      ? _("Shared by several threads, on the same bytes (true sharing) or reads only.")
                      : _("Touched by one thread."));
  for (guint t = 0; t < line->n_threads; t++)
    {
      const CsMemoryThread *th = &line->threads[t];
      g_autofree char *bytes = cs_memory_format_bytes (th->bytes);
      g_autofree char *name = g_strdup_printf (_("Thread %u: bytes %s"), th->tid, bytes);
      g_autofree char *counts = cs_memory_format_counts (th->samples, th->loads, th->stores);

      gtk_list_box_append (self->detail_list, detail_row (name, counts, FALSE));
    }
  for (guint i = 0; i < line->n_ips; i++)
    {
      const CsMemoryIp *ip = &line->ips[i];
      g_autofree char *name = cs_memory_format_ip (ip);
      g_autofree char *at = cs_memory_format_address (ip->ip);
      g_autofree char *n = cs_memory_format_counts (ip->samples, ip->loads, ip->stores);
      g_autofree char *skid = NULL;
      g_autofree char *counts = NULL;
      GtkWidget *row;

      /* Why the disassembly's sample count of this instruction differs:
       * timer samples skid to the next one and are moved back here. */
      if (ip->skid_corrected > 0)
        {
          g_autofree char *moved = cs_memory_format_count (ip->skid_corrected);

          /* TRANSLATORS: how many of an instruction's samples were taken at
           * the instruction after it (skid) and attributed to it */
          skid = g_strdup_printf (_("%s taken at the next instruction (skid)"), moved);
        }
      counts = skid != NULL ? g_strdup_printf ("%s · %s · %s", at, n, skid) : g_strdup_printf ("%s · %s", at, n);
      row = detail_row (name, counts, ip->module != NULL);

      g_object_set_data (G_OBJECT (row), "cs-ip-index", GUINT_TO_POINTER (i + 1));
      gtk_list_box_append (self->detail_list, row);
    }
}

/* An instruction row: asks the window to show it in the disassembly. */
static void
on_detail_activated (CsMemoryPage  *self,
                     GtkListBoxRow *row)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "cs-ip-index"));
  const CsMemoryLine *line = selected_line (self);
  const CsMemoryIp *ip;
  const CsLocation *location;

  if (index == 0 || line == NULL || index > line->n_ips || self->profile == NULL)
    return;
  ip = &line->ips[index - 1];
  if (ip->module == NULL)
    return;
  /* The disassembly lists ELF virtual addresses: the symbolizer turns the
   * instruction's file offset into one, and names its symbol. */
  location = cs_symbolizer_resolve (cs_memory_profile_get_symbolizer (self->profile), ip->module,
                                    ip->offset);
  if (location == NULL || location->symbol == NULL || location->symbol->unknown)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-code", "(stt)", cs_module_get_path (ip->module),
                              (guint64) location->symbol->start, (guint64) location->address);
}

static const CsMemoryLine *
selected_line (CsMemoryPage *self)
{
  gpointer item = self->selection != NULL ? gtk_single_selection_get_selected_item (self->selection) : NULL;

  return item != NULL ? cs_memory_line_item_get_line (CS_MEMORY_LINE_ITEM (item)) : NULL;
}

static void
update_scatter (CsMemoryPage *self)
{
  const CsMemoryLine *line = selected_line (self);
  g_autoptr(CsScatterData) data = NULL;

  if (self->profile == NULL)
    {
      cs_scatter_view_set_data (self->scatter, NULL);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "memory.export-image", FALSE);
      return;
    }
  if (gtk_toggle_button_get_active (self->all_button) || line == NULL)
    data = cs_memory_scatter_new_all (self->profile, line);
  else
    data = cs_memory_scatter_new_line (self->profile, line);
  cs_scatter_view_set_data (self->scatter, data);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "memory.export-image", data != NULL);
}

static void
export_scatter (CsMemoryPage *self)
{
  const CsMemoryLine *line = selected_line (self);
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

static void
on_selection_changed (CsMemoryPage *self)
{
  show_line_details (self, selected_line (self));
  update_scatter (self);
}

/* Connected to both buttons: GTK clears the group's other button before
 * it sets the new one, so at the first "toggled" neither is active yet. */
static void
on_mode_toggled (GtkToggleButton *button,
                 CsMemoryPage    *self)
{
  if (gtk_toggle_button_get_active (button))
    update_scatter (self);
}

/* A point of the all-accesses scatter selects its cacheline (of the
 * selected line's process when two processes used the same address). */
static void
on_point_activated (CsMemoryPage *self,
                    guint64       address)
{
  const CsMemoryLine *selected = selected_line (self);
  guint64 line = address & ~(guint64) (CS_MEMORY_LINE_SIZE - 1);
  GListModel *model = gtk_single_selection_get_model (self->selection);
  guint found = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CsMemoryLineItem) item = g_list_model_get_item (model, i);
      const CsMemoryLine *l = cs_memory_line_item_get_line (item);

      if (l->address != line)
        continue;
      if (found == GTK_INVALID_LIST_POSITION || (selected != NULL && l->pid == selected->pid))
        found = i;
    }
  if (found == GTK_INVALID_LIST_POSITION)
    return;
  gtk_single_selection_set_selected (self->selection, found);
  cs_column_view_scroll_to (self->lines_view, found);
  gtk_toggle_button_set_active (self->line_button, TRUE);
}

static void
show_profile (CsMemoryPage *self)
{
  const CsMemoryStats *st = cs_memory_profile_get_stats (self->profile);
  guint n = cs_memory_profile_get_n_lines (self->profile);
  guint candidates = 0;
  g_autofree char *summary = NULL;
  g_autofree char *known = NULL, *with_regs = NULL, *loads = NULL, *stores = NULL;
  g_autofree char *lines = NULL, *flagged = NULL;

  if (st->n_with_regs == 0 || n == 0)
    {
      const char * const *warnings = cs_memory_profile_get_warnings (self->profile);
      g_autofree char *why = g_strjoinv ("\n", (char **) warnings);
      g_autofree char *body = NULL;

      if (st->n_with_regs == 0)
        {
          show_no_registers (self);
          return;
        }
      /* The warnings usually are the reason (the program's file is gone). */
      body = g_strdup_printf ("%s%s%s",
                              _("None of the sampled instructions accessed memory at a known address "
                                "(see “cyclescope report --memory” for the reasons, counted per sample)."),
                              warnings[0] != NULL ? "\n\n" : "", why);
      show_empty (self, _("No data addresses"), body);
      return;
    }

  g_list_store_remove_all (self->lines);
  self->max_samples = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CsMemoryLineItem) item = cs_memory_line_item_new (self->profile, i);
      const CsMemoryLine *line = cs_memory_profile_get_line (self->profile, i);

      self->max_samples = MAX (self->max_samples, line->samples);
      candidates += line->false_sharing;
      g_list_store_append (self->lines, item);
    }
  known = cs_memory_format_count (st->n_known);
  with_regs = cs_memory_format_count (st->n_with_regs);
  loads = cs_memory_format_count (st->n_loads);
  stores = cs_memory_format_count (st->n_stores);
  lines = g_strdup_printf (ngettext ("%u cacheline", "%u cachelines", n), n);
  flagged = g_strdup_printf (ngettext ("%u false-sharing candidate",
                                       "%u false-sharing candidates", candidates), candidates);
  /* TRANSLATORS: "1,970 of 1,984 user-mode samples (99.3 %) have a data address ·
   * 3 cachelines · 0 false-sharing candidates · 1,970 loads, 1,968 stores" */
  summary = g_strdup_printf (_("%s of %s user-mode samples (%.1f %%) have a data address · "
                               "%s · %s · %s loads, %s stores"),
                             known, with_regs,
                             st->n_with_regs > 0 ? 100.0 * st->n_known / st->n_with_regs : 0.0,
                             lines, flagged, loads, stores);
  gtk_label_set_text (self->summary_label, summary);
  {
    const char * const *warnings = cs_memory_profile_get_warnings (self->profile);
    g_autofree char *text = g_strjoinv ("\n", (char **) warnings);

    gtk_label_set_text (self->warning_label, text);
    gtk_widget_set_visible (self->warning_box, warnings[0] != NULL);
  }
  gtk_spinner_stop (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "content");
  gtk_single_selection_set_selected (self->selection, 0);
  on_selection_changed (self);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      path,
             GCancellable *cancellable)
{
  GError *error = NULL;
  CsMemoryProfile *profile = cs_memory_profile_load (path, NULL, cancellable, &error);

  if (profile == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, profile, g_object_unref);
}

/* What the Memory page found goes on the Overview, where the user starts
 * (the window binds the two "finding" properties). */
static void
set_finding (CsMemoryPage *self)
{
  g_autofree char *finding = self->profile != NULL ? cs_memory_format_finding (self->profile) : NULL;

  if (g_strcmp0 (finding, self->finding) == 0)
    return;
  g_free (self->finding);
  self->finding = g_steal_pointer (&finding);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINDING]);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(CsMemoryPage) self = user_data;
  g_autoptr(GError) error = NULL;
  CsMemoryProfile *profile = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      g_clear_object (&profile);
      return;
    }
  g_clear_object (&self->cancellable);
  if (profile == NULL)
    {
      show_empty (self, _("Data addresses could not be read"), error->message);
      return;
    }
  g_set_object (&self->profile, profile);
  g_object_unref (profile);
  show_profile (self);
  set_finding (self);
}

static void
reload (CsMemoryPage *self)
{
  g_autofree char *path = cs_memory_scatter_find_perf_data (self->analysis);
  g_autoptr(GTask) task = NULL;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->profile);
  set_finding (self);
  g_list_store_remove_all (self->lines);
  cs_scatter_view_set_data (self->scatter, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "memory.export-image", FALSE);
  if (path == NULL)
    {
      show_no_registers (self);
      return;
    }
  self->cancellable = g_cancellable_new ();
  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  task = g_task_new (NULL, self->cancellable, load_done, g_object_ref (self));
  g_task_set_task_data (task, g_steal_pointer (&path), g_free);
  g_task_run_in_thread (task, (GTaskThreadFunc) load_thread);
}

static void
set_analysis (CsMemoryPage *self,
              CsAnalysis   *analysis)
{
  if (!g_set_object (&self->analysis, analysis))
    return;
  reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
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

const char *
cs_memory_page_get_warning_text (CsMemoryPage *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PAGE (self), NULL);
  return gtk_widget_get_visible (self->warning_box) ? gtk_label_get_text (self->warning_label) : NULL;
}

const CsMemoryLine *
cs_memory_page_get_selected_line (CsMemoryPage *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PAGE (self), NULL);
  return selected_line (self);
}

CsScatterView *
cs_memory_page_get_scatter_view (CsMemoryPage *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PAGE (self), NULL);
  return self->scatter;
}

static void
cs_memory_page_dispose (GObject *object)
{
  CsMemoryPage *self = CS_MEMORY_PAGE (object);
  GtkWidget *child;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  /* No answer may reach a page that is gone. */
  cs_file_chooser_clear (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_MEMORY_PAGE);
  /* The template's root is not a bound child: unparent it ourselves. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->lines);
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
  switch (prop_id)
    {
    case PROP_ANALYSIS:
      set_analysis (CS_MEMORY_PAGE (object), g_value_get_object (value));
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

  g_type_ensure (CS_TYPE_SCATTER_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-memory-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, stack);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, body_label);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, summary_label);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, warning_box);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, warning_label);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, lines_view);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, line_button);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, all_button);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, scatter_box);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, line_title);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, line_verdict);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, detail_list);
  gtk_widget_class_install_action (widget_class, "memory.export-image", NULL, export_image);

  /**
   * CsMemoryPage:analysis:
   *
   * The recording shown; its data addresses are reconstructed on a worker
   * thread when it is set. An activated instruction asks the window to show
   * it in the disassembly through the action win.show-code.
   */
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "memorypage");
}

static void
cs_memory_page_init (CsMemoryPage *self)
{
  GtkColumnViewColumn *samples;
  GtkSortListModel *sorted;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->scatter = CS_SCATTER_VIEW (cs_scatter_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->scatter), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->scatter), TRUE);
  gtk_box_append (self->scatter_box, GTK_WIDGET (self->scatter));
  g_signal_connect_swapped (self->scatter, "point-activated", G_CALLBACK (on_point_activated), self);
  /* The scatter's own menu item does what the button does. */
  g_signal_connect_swapped (self->scatter, "export-requested", G_CALLBACK (export_scatter), self);

  self->lines = g_list_store_new (CS_TYPE_MEMORY_LINE_ITEM);
  samples = cs_memory_columns_add (self->lines_view, &self->max_samples);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->lines)),
                                    g_object_ref (gtk_column_view_get_sorter (self->lines_view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  gtk_column_view_set_model (self->lines_view, GTK_SELECTION_MODEL (self->selection));
  gtk_column_view_sort_by_column (self->lines_view, samples, GTK_SORT_DESCENDING);
  g_signal_connect_swapped (self->selection, "notify::selected-item",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->detail_list, "row-activated", G_CALLBACK (on_detail_activated), self);
  g_signal_connect (self->line_button, "toggled", G_CALLBACK (on_mode_toggled), self);
  g_signal_connect (self->all_button, "toggled", G_CALLBACK (on_mode_toggled), self);

  show_line_details (self, NULL);
  show_no_registers (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "memory.export-image", FALSE);
}
