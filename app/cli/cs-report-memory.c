/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-memory.c — `cyclescope report --memory` (see cs-report-memory.h)
 *
 * Every figure here is a count of samples whose address was reconstructed,
 * not of memory events: the header says so, and the samples that got no
 * address are listed by reason rather than dropped, so a reader can judge
 * how much of the program the table covers.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-c/json.h>

#include "cs-analysis.h"
#include "cs-cli-util.h"
#include "cs-error.h"
#include "cs-memory-format.h"
#include "cs-memory-profile.h"
#include "cs-report-memory.h"
#include "cs-session.h"

/* The perf.data of @path's first sampling run with registers. */
static char *
find_perf_data (const char  *path,
                GError     **error)
{
  g_autoptr(CsSession) session = NULL;

  if (cs_analysis_is_perf_data (path))
    return g_strdup (path);
  if (!(session = cs_session_load (path, error)))
    return NULL;
  for (guint i = 0; i < cs_session_get_n_sampling_runs (session); i++)
    {
      CsSamplingRun *run = cs_session_get_sampling_run (session, i);

      if (run->user_regs)
        return cs_session_get_perf_data_path (session, run);
    }
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
               _("%s has no sampling run with registers, so no data addresses: record with "
                 "“cyclescope record --regs” to reconstruct them"), path);
  return NULL;
}

static void
text_stat (GString    *out,
           const char *label,
           guint64     value,
           guint64     of)
{
  g_autofree char *n = cs_cli_grouped (value);

  g_string_append (out, "  ");
  cs_cli_append_padded (out, label, 34);
  g_string_append_printf (out, " %12s", n);
  if (of > 0)
    g_string_append_printf (out, "  (%.1f %%)", 100.0 * value / of);
  g_string_append_c (out, '\n');
}

static void
render_text (CsMemoryProfile *profile,
             const char      *path,
             guint            limit,
             GString         *out)
{
  const CsMemoryStats *st = cs_memory_profile_get_stats (profile);
  guint n = cs_memory_profile_get_n_lines (profile);
  guint shown = limit == 0 ? n : MIN (n, limit);
  g_autofree char *loads = cs_cli_grouped (st->n_loads);
  g_autofree char *stores = cs_cli_grouped (st->n_stores);

  g_string_append_printf (out, _("# Data addresses reconstructed from the sampled registers of %s\n"), path);
  g_string_append (out, _("# (counts are samples, not memory events)\n"));
  text_stat (out, _("user-mode samples with registers"), st->n_with_regs, 0);
  text_stat (out, _("with a data address"), st->n_known, st->n_with_regs);
  text_stat (out, _("  from the previous instruction"), st->n_known_previous, st->n_with_regs);
  text_stat (out, _("no memory operand"), st->n_no_memory, st->n_with_regs);
  text_stat (out, _("unknown: fs:/gs:-relative"), st->n_unknown_segment, st->n_with_regs);
  text_stat (out, _("unknown: register not sampled"), st->n_unknown_register, st->n_with_regs);
  text_stat (out, _("unknown: register overwritten"), st->n_unknown_overwritten, st->n_with_regs);
  text_stat (out, _("unknown: IP is a jump target"), st->n_unknown_jump_target, st->n_with_regs);
  text_stat (out, _("no code to decode"), st->n_no_code, st->n_with_regs);
  text_stat (out, _("undecodable"), st->n_undecodable, st->n_with_regs);
  text_stat (out, _("kernel samples (not decoded)"), st->n_kernel, 0);
  text_stat (out, _("user samples without registers"), st->n_no_regs, 0);
  g_string_append (out, "  ");
  cs_cli_append_padded (out, _("loads / stores"), 34);
  g_string_append_printf (out, " %12s / %s\n", loads, stores);

  if (!st->data_mappings)
    g_string_append (out, _("# No data mappings in this recording: the heap, stacks and memory shared "
                            "between processes cannot be told apart (record with “cyclescope record "
                            "--regs”, or perf record -d)\n"));
  g_string_append_printf (out, "\n");
  g_string_append_printf (out, _("# Cachelines by samples (%u of %u); “!” marks false sharing (threads touch "
                                 "different bytes of the line and one of them stores), “=” true sharing "
                                 "(a thread writes bytes another thread uses); threads as pid/tid; "
                                 "“⇄” a line shared by processes\n"),
                          shown, n);
  g_string_append_printf (out, "#   %-18s %10s %10s %10s %8s  ", _("Line"), _("Samples"),
                          C_("memory accesses", "Loads"), C_("memory accesses", "Stores"), _("Threads"));
  cs_cli_append_padded (out, _("Sharing"), 14);
  g_string_append (out, "  ");
  cs_cli_append_padded (out, _("Data"), 30);
  g_string_append (out, "  ");
  cs_cli_append_padded (out, _("Bytes by thread"), 34);
  g_string_append_printf (out, "  %s\n", _("Top instruction"));
  for (guint i = 0; i < shown; i++)
    {
      const CsMemoryLine *line = cs_memory_profile_get_line (profile, i);
      g_autofree char *samples = cs_cli_grouped (line->samples);
      g_autofree char *l = cs_cli_grouped (line->loads);
      g_autofree char *s = cs_cli_grouped (line->stores);
      g_autofree char *threads = cs_memory_format_threads (line);
      g_autofree char *ip = cs_memory_format_top_ip (line);
      g_autofree char *region = cs_memory_format_region (line);

      g_string_append_printf (out, "  %s%s0x%016" G_GINT64_MODIFIER "x %10s %10s %10s %8u  ",
                              line->false_sharing ? "!" : line->true_sharing ? "=" : " ",
                              line->shared ? "⇄" : " ", line->address, samples, l, s, line->n_threads);
      cs_cli_append_padded (out, cs_memory_format_sharing (line), 14);
      g_string_append (out, "  ");
      cs_cli_append_padded (out, region, 30);
      g_string_append (out, "  ");
      cs_cli_append_padded (out, threads, 34);
      g_string_append_printf (out, "  %s\n", ip);
    }
}

static const char *
region_kind (CsMemoryRegionKind kind)
{
  switch (kind)
    {
    case CS_MEMORY_REGION_MODULE:           return "module";
    case CS_MEMORY_REGION_HEAP:             return "heap";
    case CS_MEMORY_REGION_STACK:            return "stack";
    case CS_MEMORY_REGION_ANONYMOUS:        return "anonymous";
    case CS_MEMORY_REGION_SHARED_ANONYMOUS: return "shared-anonymous";
    case CS_MEMORY_REGION_FILE:             return "file";
    case CS_MEMORY_REGION_UNKNOWN:
    default:                                return "unknown";
    }
}

/* What holds the line, as structured fields (the text is "data"). */
static json_object *
json_region (const CsMemoryLine *line)
{
  const CsMemoryRegion *r = &line->region;
  json_object *o = json_object_new_object ();
  g_autofree char *name = cs_memory_format_region (line);
  g_autofree char *offset = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", r->offset);

  json_object_object_add (o, "kind", json_object_new_string (region_kind (r->kind)));
  json_object_object_add (o, "name", cs_cli_json_string (name));
  if (r->kind == CS_MEMORY_REGION_MODULE)
    {
      g_autofree char *address = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", r->elf_address);

      json_object_object_add (o, "module", cs_cli_json_string (r->module != NULL ? cs_module_get_path (r->module)
                                                                                 : NULL));
      json_object_object_add (o, "elf_address", json_object_new_string (address));
      json_object_object_add (o, "symbol", r->symbol != NULL ? cs_cli_json_string (r->symbol) : NULL);
      json_object_object_add (o, "symbol_offset", json_object_new_uint64 (r->symbol_offset));
    }
  if (r->mapping != NULL)
    {
      json_object_object_add (o, "mapping", cs_cli_json_string (r->mapping));
      json_object_object_add (o, "offset", json_object_new_string (offset));
    }
  if (r->kind == CS_MEMORY_REGION_STACK)
    json_object_object_add (o, "tid", json_object_new_uint64 (r->tid));
  return o;
}

static json_object *
json_u64 (guint64 v)
{
  return json_object_new_uint64 (v);
}

static void
render_json (CsMemoryProfile *profile,
             const char      *path,
             guint            limit,
             GString         *out)
{
  const CsMemoryStats *st = cs_memory_profile_get_stats (profile);
  const char * const *warnings = cs_memory_profile_get_warnings (profile);
  guint n = cs_memory_profile_get_n_lines (profile);
  json_object *root = json_object_new_object ();
  json_object *stats = json_object_new_object ();
  json_object *lines = json_object_new_array ();
  json_object *warn = json_object_new_array ();

  json_object_object_add (root, "report_version", json_object_new_int (1));
  json_object_object_add (root, "file", cs_cli_json_string (path));
  json_object_object_add (root, "provenance", json_object_new_string ("reconstructed"));
  json_object_object_add (stats, "samples", json_u64 (st->n_samples));
  json_object_object_add (stats, "kernel", json_u64 (st->n_kernel));
  json_object_object_add (stats, "no_registers", json_u64 (st->n_no_regs));
  json_object_object_add (stats, "with_registers", json_u64 (st->n_with_regs));
  json_object_object_add (stats, "known", json_u64 (st->n_known));
  json_object_object_add (stats, "known_previous_instruction", json_u64 (st->n_known_previous));
  json_object_object_add (stats, "no_memory_operand", json_u64 (st->n_no_memory));
  json_object_object_add (stats, "unknown_segment", json_u64 (st->n_unknown_segment));
  json_object_object_add (stats, "unknown_register", json_u64 (st->n_unknown_register));
  json_object_object_add (stats, "unknown_overwritten", json_u64 (st->n_unknown_overwritten));
  json_object_object_add (stats, "unknown_jump_target", json_u64 (st->n_unknown_jump_target));
  json_object_object_add (stats, "no_code", json_u64 (st->n_no_code));
  json_object_object_add (stats, "undecodable", json_u64 (st->n_undecodable));
  json_object_object_add (stats, "loads", json_u64 (st->n_loads));
  json_object_object_add (stats, "stores", json_u64 (st->n_stores));
  json_object_object_add (stats, "lines", json_u64 (st->n_lines));
  json_object_object_add (stats, "truncated", json_object_new_boolean (st->truncated));
  json_object_object_add (stats, "data_mappings", json_object_new_boolean (st->data_mappings));
  json_object_object_add (root, "stats", stats);

  for (guint i = 0; i < n && (limit == 0 || i < limit); i++)
    {
      const CsMemoryLine *line = cs_memory_profile_get_line (profile, i);
      json_object *o = json_object_new_object ();
      json_object *threads = json_object_new_array ();
      json_object *ips = json_object_new_array ();
      json_object *offsets = json_object_new_array ();
      g_autofree char *address = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", line->address);

      json_object_object_add (o, "pid", json_u64 (line->pid));
      json_object_object_add (o, "address", json_object_new_string (address));
      json_object_object_add (o, "shared", json_object_new_boolean (line->shared));
      json_object_object_add (o, "processes", json_u64 (line->n_processes));
      json_object_object_add (o, "region", json_region (line));
      json_object_object_add (o, "samples", json_u64 (line->samples));
      json_object_object_add (o, "loads", json_u64 (line->loads));
      json_object_object_add (o, "stores", json_u64 (line->stores));
      json_object_object_add (o, "sharing", json_object_new_string (cs_memory_sharing_to_string (line->sharing)));
      json_object_object_add (o, "false_sharing", json_object_new_boolean (line->false_sharing));
      json_object_object_add (o, "true_sharing", json_object_new_boolean (line->true_sharing));
      for (guint b = 0; b < CS_MEMORY_LINE_SIZE; b++)
        json_object_array_add (offsets, json_u64 (line->offsets[b]));
      json_object_object_add (o, "samples_by_offset", offsets);
      for (guint t = 0; t < line->n_threads; t++)
        {
          json_object *to = json_object_new_object ();
          g_autofree char *bytes = cs_memory_format_bytes (line->threads[t].bytes);
          g_autofree char *written = cs_memory_format_bytes (line->threads[t].store_bytes);

          json_object_object_add (to, "pid", json_u64 (line->threads[t].pid));
          json_object_object_add (to, "tid", json_u64 (line->threads[t].tid));
          json_object_object_add (to, "samples", json_u64 (line->threads[t].samples));
          json_object_object_add (to, "loads", json_u64 (line->threads[t].loads));
          json_object_object_add (to, "stores", json_u64 (line->threads[t].stores));
          json_object_object_add (to, "bytes", json_object_new_string (bytes));
          json_object_object_add (to, "bytes_written", json_object_new_string (written));
          json_object_array_add (threads, to);
        }
      json_object_object_add (o, "threads", threads);
      for (guint k = 0; k < line->n_ips; k++)
        {
          json_object *io = json_object_new_object ();
          g_autofree char *ip = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", line->ips[k].ip);

          json_object_object_add (io, "ip", json_object_new_string (ip));
          json_object_object_add (io, "symbol", cs_cli_json_string (line->ips[k].symbol));
          json_object_object_add (io, "module", line->ips[k].module != NULL
                                  ? cs_cli_json_string (cs_module_get_name (line->ips[k].module)) : NULL);
          json_object_object_add (io, "samples", json_u64 (line->ips[k].samples));
          json_object_object_add (io, "loads", json_u64 (line->ips[k].loads));
          json_object_object_add (io, "stores", json_u64 (line->ips[k].stores));
          json_object_array_add (ips, io);
        }
      json_object_object_add (o, "instructions", ips);
      json_object_array_add (lines, o);
    }
  json_object_object_add (root, "lines", lines);
  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    json_object_array_add (warn, cs_cli_json_string (warnings[i]));
  json_object_object_add (root, "warnings", warn);
  cs_cli_append_json (out, root);
  g_string_append_c (out, '\n');
}

static void
render_csv (CsMemoryProfile *profile,
            guint            limit,
            GString         *out)
{
  guint n = cs_memory_profile_get_n_lines (profile);

  g_string_append (out, "pid,line,samples,loads,stores,threads,processes,sharing,false_sharing,data,"
                   "bytes_by_thread,top_instruction\n");
  for (guint i = 0; i < n && (limit == 0 || i < limit); i++)
    {
      const CsMemoryLine *line = cs_memory_profile_get_line (profile, i);
      g_autofree char *threads = cs_memory_format_threads (line);
      g_autofree char *ip = cs_memory_format_top_ip (line);
      g_autofree char *region = cs_memory_format_region (line);

      g_string_append_printf (out, "%u,0x%" G_GINT64_MODIFIER "x,%" G_GUINT64_FORMAT ",%"
                              G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%u,%u,%s,%s,",
                              line->pid, line->address, line->samples, line->loads, line->stores,
                              line->n_threads, line->n_processes, cs_memory_sharing_to_string (line->sharing),
                              line->false_sharing ? "true" : "false");
      cs_cli_csv_field (out, region, FALSE);
      cs_cli_csv_field (out, threads, FALSE);
      cs_cli_csv_field (out, ip, TRUE);
    }
}

gboolean
cs_report_memory (const char         *path,
                  guint               limit,
                  CsReportFormat      format,
                  CsProfileSampleSet *selected,
                  GString            *out,
                  GError            **error)
{
  g_autofree char *perf_data = NULL;
  g_autoptr(CsMemoryProfile) profile = NULL;
  const char * const *warnings;

  if (!(perf_data = find_perf_data (path, error)) ||
      !(profile = cs_memory_profile_load (perf_data, NULL, NULL, error)))
    return FALSE;
  /* the samples the report's filters selected (--tid, --time, …) */
  if (selected != NULL)
    {
      CsMemoryProfile *subset = cs_memory_profile_filter (profile, cs_profile_sample_set_contains, selected);

      g_object_unref (profile);
      profile = subset;
    }
  if (cs_memory_profile_get_stats (profile)->n_with_regs == 0)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("%s has no user-mode samples with registers, so no data addresses: record "
                     "with “cyclescope record --regs” (or perf record --user-regs) to reconstruct them"),
                   perf_data);
      return FALSE;
    }

  switch (format)
    {
    case CS_REPORT_FORMAT_JSON:
      render_json (profile, perf_data, limit, out);
      break;
    case CS_REPORT_FORMAT_CSV:
      render_csv (profile, limit, out);
      break;
    case CS_REPORT_FORMAT_TEXT:
    default:
      render_text (profile, perf_data, limit, out);
      /* Problems that did not stop reading go to standard error, as the
       * other reports' warnings do. */
      warnings = cs_memory_profile_get_warnings (profile);
      for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
        {
          g_autofree char *safe = cs_cli_escape (warnings[i], -1, TRUE);

          g_printerr (_("Warning: %s\n"), safe);
        }
      break;
    }
  return TRUE;
}
