/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-columns.c — the columns of the Memory page's cacheline table
 *
 * Numbers are samples whose data address was reconstructed; the samples
 * column carries a heat bar relative to the hottest line so the eye finds
 * the lines that matter before reading digits. Every column sorts.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-chart-format.h"
#include "cs-list-columns.h"
#include "cs-memory-columns.h"
#include "cs-memory-format.h"
#include "cs-memory-line-item.h"

static const CsMemoryLine *
line_of (gpointer item)
{
  return cs_memory_line_item_get_line (CS_MEMORY_LINE_ITEM (item));
}

static void
fill_flag (gpointer item, CsCellContent *c, gpointer data)
{
  const CsMemoryLine *line = line_of (item);

  c->text = g_strdup (line->false_sharing ? "⚠" : "");
  if (line->false_sharing)
    c->tooltip = g_strdup (_("False-sharing candidate: two threads touch different bytes of this "
                             "line and one of them stores"));
}

static void
fill_address (gpointer item, CsCellContent *c, gpointer data)
{
  const CsMemoryLine *line = line_of (item);

  g_autofree char *last = cs_memory_format_address (line->address + CS_MEMORY_LINE_SIZE - 1);

  g_autofree char *first = cs_memory_format_address (line->address);

  /* The address is reconstructed from registers: it carries the marker
   * every reconstructed value has (cs_provenance_get_marker). */
  c->text = g_strdup_printf ("%s %s", first, cs_provenance_get_marker (CS_PROVENANCE_RECONSTRUCTED));
  /* TRANSLATORS: a process id, the first and last byte address of a
   * cacheline, then "reconstructed" */
  c->tooltip = g_strdup_printf (_("Process %u, bytes %s–%s (%s from the sampled registers)"), line->pid,
                                first, last, cs_provenance_get_description (CS_PROVENANCE_RECONSTRUCTED));
}

static void
fill_samples (gpointer item, CsCellContent *c, gpointer data)
{
  const guint64 *max = data;
  const CsMemoryLine *line = line_of (item);

  c->text = cs_memory_format_count (line->samples);
  c->fraction = *max > 0 ? (double) line->samples / (double) *max : 0;
}

static void
fill_loads (gpointer item, CsCellContent *c, gpointer data)
{
  c->text = cs_memory_format_count (line_of (item)->loads);
}

static void
fill_stores (gpointer item, CsCellContent *c, gpointer data)
{
  c->text = cs_memory_format_count (line_of (item)->stores);
}

static void
fill_threads (gpointer item, CsCellContent *c, gpointer data)
{
  c->text = g_strdup_printf ("%u", line_of (item)->n_threads);
}

static void
fill_bytes (gpointer item, CsCellContent *c, gpointer data)
{
  c->text = cs_memory_format_threads (line_of (item));
  c->tooltip = g_strdup (c->text);
}

static void
fill_ip (gpointer item, CsCellContent *c, gpointer data)
{
  c->text = cs_memory_format_top_ip (line_of (item));
}

typedef enum
{
  KEY_FLAG, KEY_ADDRESS, KEY_SAMPLES, KEY_LOADS, KEY_STORES, KEY_THREADS,
} SortKey;

static guint64
key_value (const CsMemoryLine *line,
           SortKey             key)
{
  switch (key)
    {
    case KEY_FLAG: return line->false_sharing;
    case KEY_ADDRESS: return line->address;
    case KEY_SAMPLES: return line->samples;
    case KEY_LOADS: return line->loads;
    case KEY_STORES: return line->stores;
    case KEY_THREADS: return line->n_threads;
    default: return 0;
    }
}

static int
compare_lines (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  SortKey key = GPOINTER_TO_INT (data);
  guint64 x = key_value (line_of ((gpointer) a), key);
  guint64 y = key_value (line_of ((gpointer) b), key);

  if (x != y)
    return x < y ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
  /* Ties keep the profile's order (by samples). */
  x = cs_memory_line_item_get_index (CS_MEMORY_LINE_ITEM ((gpointer) a));
  y = cs_memory_line_item_get_index (CS_MEMORY_LINE_ITEM ((gpointer) b));
  return x < y ? GTK_ORDERING_LARGER : x > y ? GTK_ORDERING_SMALLER : GTK_ORDERING_EQUAL;
}

static GtkColumnViewColumn *
add (GtkColumnView *view,
     const char    *title,
     CsCellKind     kind,
     CsCellFunc     fill,
     gpointer       data,
     int            key)
{
  GtkColumnViewColumn *column = cs_list_column_new (title, kind, fill, data);

  if (key >= 0)
    {
      GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (compare_lines, GINT_TO_POINTER (key), NULL));

      gtk_column_view_column_set_sorter (column, sorter);
      g_object_unref (sorter);
    }
  gtk_column_view_append_column (view, column);
  g_object_unref (column);
  return column;
}

GtkColumnViewColumn *
cs_memory_columns_add (GtkColumnView *view,
                       const guint64 *max_samples)
{
  GtkColumnViewColumn *samples;
  GtkColumnViewColumn *column;

  column = add (view, "", CS_CELL_TEXT, fill_flag, NULL, KEY_FLAG);
  gtk_column_view_column_set_fixed_width (column, 32);
  column = add (view, _("Cacheline"), CS_CELL_TEXT, fill_address, NULL, KEY_ADDRESS);
  cs_list_column_set_fit_text (column, 20);
  samples = add (view, _("Samples"), CS_CELL_HEAT, fill_samples, (gpointer) max_samples, KEY_SAMPLES);
  add (view, _("Loads"), CS_CELL_NUMBER, fill_loads, NULL, KEY_LOADS);
  add (view, _("Stores"), CS_CELL_NUMBER, fill_stores, NULL, KEY_STORES);
  add (view, _("Threads"), CS_CELL_NUMBER, fill_threads, NULL, KEY_THREADS);
  column = add (view, _("Bytes by Thread"), CS_CELL_TEXT, fill_bytes, NULL, -1);
  gtk_column_view_column_set_expand (column, TRUE);
  column = add (view, _("Top Instruction"), CS_CELL_TEXT, fill_ip, NULL, -1);
  gtk_column_view_column_set_expand (column, TRUE);
  return samples;
}
