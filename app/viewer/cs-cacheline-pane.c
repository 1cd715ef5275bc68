/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cacheline-pane.c — what the Memory page says about one cacheline */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-cacheline-pane.h"
#include "cs-memory-confirm.h"
#include "cs-memory-format.h"

struct _CsCachelinePane
{
  GtkWidget         parent_instance;

  GtkLabel         *title_label;
  GtkLabel         *verdict_label;
  GtkListBox       *detail_list;
  GtkSpinner       *confirm_spinner;
  GtkWidget        *stop_button;
  GtkLabel         *confirm_label;
  GtkListBox       *confirm_list;

  CsMemoryLineItem *item;
};

G_DEFINE_FINAL_TYPE (CsCachelinePane, cs_cacheline_pane, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

  gtk_widget_add_css_class (outer, "cs-detail-row");
  gtk_widget_set_hexpand (box, TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), !link);
  gtk_label_set_xalign (GTK_LABEL (sub), 0);
  gtk_label_set_wrap (GTK_LABEL (sub), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (sub), PANGO_WRAP_WORD_CHAR);
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
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
clear_rows (CsCachelinePane *self)
{
  clear_list (self->detail_list);
  cs_cacheline_pane_set_confirm (self, NULL, NULL);
}

void
cs_cacheline_pane_set_confirm_running (CsCachelinePane *self,
                                       const char      *command)
{
  g_autofree char *text = NULL;

  g_return_if_fail (CS_IS_CACHELINE_PANE (self));

  clear_list (self->confirm_list);
  gtk_widget_set_visible (GTK_WIDGET (self->confirm_list), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->confirm_spinner), command != NULL);
  gtk_widget_set_visible (self->stop_button, command != NULL);
  gtk_spinner_set_spinning (self->confirm_spinner, command != NULL);
  if (command != NULL)
    /* TRANSLATORS: the recorded command line, run again under watchpoints */
    text = g_strdup_printf (_("Running “%s” with hardware watchpoints on this line…"), command);
  gtk_label_set_text (self->confirm_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->confirm_label), text != NULL);
}

/* One row per watched thread (its words, beside the recording's threads)
 * and per instruction (sampled beside watched). */
static void
add_confirm_rows (CsCachelinePane       *self,
                  const CsMemoryConfirm *confirm)
{
  const CsMemoryWatchResult *r = confirm->result;

  for (guint i = 0; i < r->threads->len; i++)
    {
      const CsMemoryThread *th = &g_array_index (r->threads, CsMemoryThread, i);
      g_autofree char *bytes = cs_memory_format_bytes (th->bytes);
      g_autofree char *written = cs_memory_format_bytes (th->store_bytes);
      g_autofree char *n = cs_memory_format_count (th->samples);
      /* TRANSLATORS: a thread of the watched run, its process, and the bytes it touched */
      g_autofree char *name = g_strdup_printf (_("Watched thread %u (process %u): bytes %s"), th->tid, th->pid,
                                               bytes);
      /* TRANSLATORS: accesses the watchpoints caught, then the bytes written */
      g_autofree char *sub = g_strdup_printf (_("%s accesses · writes %s"), n, *written != '\0' ? written : "—");

      gtk_list_box_append (self->confirm_list, detail_row (name, sub, FALSE));
    }
  for (guint i = 0; i < r->rows->len; i++)
    {
      const CsMemoryWatchRow *row = &g_array_index (r->rows, CsMemoryWatchRow, i);
      g_autofree char *sampled = cs_memory_format_counts (row->samples, row->sampled_loads, row->sampled_stores);
      g_autofree char *watched = cs_memory_format_count (row->accesses);
      g_autofree char *name = row->module != NULL
        ? g_strdup_printf ("%s (%s+0x%" G_GINT64_MODIFIER "x)", row->symbol != NULL ? row->symbol : "?",
                           cs_module_get_name (row->module), row->offset)
        : g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", row->offset);
      /* TRANSLATORS: an instruction's sample counts, then how often the watchpoints caught it */
      g_autofree char *sub = g_strdup_printf (_("sampled: %s · watched: %s accesses"), sampled, watched);

      gtk_list_box_append (self->confirm_list, detail_row (name, sub, FALSE));
    }
}

void
cs_cacheline_pane_set_confirm (CsCachelinePane       *self,
                               const CsMemoryConfirm *confirm,
                               const GError          *error)
{
  g_autofree char *text = NULL;

  g_return_if_fail (CS_IS_CACHELINE_PANE (self));

  cs_cacheline_pane_set_confirm_running (self, NULL);
  if (confirm != NULL)
    {
      text = cs_memory_confirm_describe (confirm);
      add_confirm_rows (self, confirm);
    }
  else if (error != NULL)
    text = g_strdup (error->message);
  gtk_label_set_text (self->confirm_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->confirm_label), text != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->confirm_list), confirm != NULL);
}

static void
add_instruction (CsCachelinePane  *self,
                 const CsMemoryIp *ip,
                 guint             index)
{
  g_autofree char *name = cs_memory_format_ip (ip);
  g_autofree char *at = cs_memory_format_address (ip->ip);
  g_autofree char *n = cs_memory_format_counts (ip->samples, ip->loads, ip->stores);
  g_autofree char *counts = NULL;
  GtkWidget *row;

  /* Why the disassembly's sample count of this instruction differs: timer
   * samples skid to the next one and are moved back here. */
  if (ip->skid_corrected > 0)
    {
      g_autofree char *moved = cs_memory_format_count (ip->skid_corrected);
      /* TRANSLATORS: how many of an instruction's samples were taken at
       * the instruction after it (skid) and attributed to it */
      g_autofree char *skid = g_strdup_printf (_("%s taken at the next instruction (skid)"), moved);

      counts = g_strdup_printf ("%s · %s · %s", at, n, skid);
    }
  else
    counts = g_strdup_printf ("%s · %s", at, n);
  row = detail_row (name, counts, ip->module != NULL);
  g_object_set_data (G_OBJECT (row), "cs-ip-index", GUINT_TO_POINTER (index + 1));
  gtk_list_box_append (self->detail_list, row);
}

static void
show_line (CsCachelinePane *self)
{
  const CsMemoryLine *line = self->item != NULL ? cs_memory_line_item_get_line (self->item) : NULL;
  g_autofree char *title = NULL;
  g_autofree char *address = NULL;
  g_autofree char *region = NULL;
  GString *verdict;

  clear_rows (self);
  if (line == NULL)
    {
      gtk_label_set_text (self->title_label, _("No cacheline selected"));
      gtk_label_set_text (self->verdict_label, "");
      return;
    }
  address = cs_memory_format_address (line->address);
  region = cs_memory_format_region (line);
  title = line->n_processes > 1
    /* TRANSLATORS: a cacheline's address, what holds it, then how many processes share it */
    ? g_strdup_printf (ngettext ("Cacheline %s, %s (shared by %u process)",
                                 "Cacheline %s, %s (shared by %u processes)", line->n_processes),
                       address, region, line->n_processes)
    /* TRANSLATORS: a cacheline's address, what holds it, then the process id */
    : g_strdup_printf (_("Cacheline %s, %s (process %u)"), address, region, line->pid);
  gtk_label_set_text (self->title_label, title);
  verdict = g_string_new (NULL);
  if (line->false_sharing)
    g_string_append (verdict, _("⚠ False sharing: these threads touch different bytes of one line and "
                                "at least one stores, so the line moves between their cores on every "
                                "write. Padding the data apart (64 bytes) usually fixes it."));
  if (line->true_sharing)
    g_string_append_printf (verdict, "%s%s", verdict->len > 0 ? "\n" : "",
                            _("True sharing: a thread writes bytes that another thread reads or writes, "
                              "so the data itself moves between them; padding does not help, sharing "
                              "less (per-thread copies, batching the writes) does."));
  if (verdict->len == 0)
    g_string_append (verdict, line->n_threads > 1 ? _("Shared by several threads that only read it.")
                                                  : _("Touched by one thread."));
  gtk_label_set_text (self->verdict_label, verdict->str);
  g_string_free (verdict, TRUE);
  for (guint t = 0; t < line->n_threads; t++)
    {
      const CsMemoryThread *th = &line->threads[t];
      g_autofree char *bytes = cs_memory_format_bytes (th->bytes);
      g_autofree char *written = cs_memory_format_bytes (th->store_bytes);
      /* TRANSLATORS: a thread id, its process id, and the bytes of the line it touched */
      g_autofree char *name = g_strdup_printf (_("Thread %u (process %u): bytes %s"), th->tid, th->pid, bytes);
      g_autofree char *counts = cs_memory_format_counts (th->samples, th->loads, th->stores);
      g_autofree char *sub = th->store_bytes != 0
        /* TRANSLATORS: sample counts, then the bytes a thread wrote */
        ? g_strdup_printf (_("%s · writes %s"), counts, written) : g_strdup (counts);

      gtk_list_box_append (self->detail_list, detail_row (name, sub, FALSE));
    }
  for (guint i = 0; i < line->n_ips; i++)
    add_instruction (self, &line->ips[i], i);
}

/* An instruction row: the window shows it in the disassembly. */
static void
row_activated (CsCachelinePane *self,
               GtkListBoxRow   *row)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "cs-ip-index"));
  const CsMemoryLine *line = self->item != NULL ? cs_memory_line_item_get_line (self->item) : NULL;
  const CsMemoryIp *ip;
  const CsLocation *location;

  if (index == 0 || line == NULL || index > line->n_ips)
    return;
  ip = &line->ips[index - 1];
  if (ip->module == NULL)
    return;
  /* The disassembly lists ELF virtual addresses: the symbolizer turns the
   * instruction's file offset into one, and names its symbol. */
  location = cs_symbolizer_resolve (cs_memory_profile_get_symbolizer (cs_memory_line_item_get_profile (self->item)),
                                    ip->module, ip->offset);
  if (location == NULL || location->symbol == NULL || location->symbol->unknown)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-code", "(stt)", cs_module_get_path (ip->module),
                              (guint64) location->symbol->start, (guint64) location->address);
}

static void
cs_cacheline_pane_dispose (GObject *object)
{
  CsCachelinePane *self = CS_CACHELINE_PANE (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_CACHELINE_PANE);
  /* The template's root is not a bound child: unparent it ourselves. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->item);
  G_OBJECT_CLASS (cs_cacheline_pane_parent_class)->dispose (object);
}

static void
cs_cacheline_pane_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, CS_CACHELINE_PANE (object)->item);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_cacheline_pane_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CsCachelinePane *self = CS_CACHELINE_PANE (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      if (g_set_object (&self->item, g_value_get_object (value)))
        {
          show_line (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_cacheline_pane_class_init (CsCachelinePaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_cacheline_pane_dispose;
  object_class->get_property = cs_cacheline_pane_get_property;
  object_class->set_property = cs_cacheline_pane_set_property;

  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, CS_TYPE_MEMORY_LINE_ITEM,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-cacheline-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, CsCachelinePane, title_label);
  gtk_widget_class_bind_template_child (widget_class, CsCachelinePane, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, CsCachelinePane, detail_list);
  gtk_widget_class_bind_template_child (widget_class, CsCachelinePane, confirm_spinner);
  gtk_widget_class_bind_template_child (widget_class, CsCachelinePane, stop_button);
  gtk_widget_class_bind_template_child (widget_class, CsCachelinePane, confirm_label);
  gtk_widget_class_bind_template_child (widget_class, CsCachelinePane, confirm_list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated);
  gtk_widget_class_set_css_name (widget_class, "cs-cacheline-pane");
}

static void
cs_cacheline_pane_init (CsCachelinePane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
