/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-watch.c — `cyclescope watch BUNDLE LINE|SYMBOL[+OFFSET]`
 *
 * Confirms what the memory view reconstructed for a cacheline: the
 * recorded command runs again with hardware watchpoints on the line's
 * hottest words (up to four), and every access is listed beside the
 * samples — per instruction, per thread, and the verdict of both. The
 * watched program's output goes where this verb's does, so the report can
 * go to a file (-o).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-c/json.h>
#include <stdio.h>

#include "cs-cli.h"
#include "cs-cli-util.h"
#include "cs-error.h"
#include "cs-memory-confirm.h"
#include "cs-memory-format.h"
#include "cs-session.h"

static const char *
kind_of (gboolean known,
         gboolean load,
         gboolean store)
{
  if (!known)
    return "?";
  return load && store ? "load+store" : store ? "store" : load ? "load" : "?";
}

static char *
instruction_name (CsModule   *module,
                  guint64     offset,
                  const char *symbol)
{
  if (module == NULL)
    return g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", offset);
  return g_strdup_printf ("%s (%s+0x%" G_GINT64_MODIFIER "x)", symbol != NULL ? symbol : "?",
                          cs_module_get_name (module), offset);
}

static void
render_text (const CsMemoryConfirm *c,
             GString               *out)
{
  const CsMemoryWatchTarget *t = c->target;
  const CsMemoryWatchResult *r = c->result;
  g_autofree char *summary = cs_memory_confirm_describe (c);
  g_autofree char *counted = cs_cli_grouped (c->counted);

  g_string_append_printf (out, _("# Watched %s: process %u, `%s`%s\n"), t->description, c->pid, c->command,
                          c->stopped ? _(" (stopped at the time limit)") : "");
  g_string_append_printf (out, _("# %s accesses counted by the breakpoints"), counted);
  if (c->lost > 0)
    {
      g_autofree char *lost = cs_cli_grouped (c->lost);

      g_string_append_printf (out, _(", %s of them not reported (ring buffer full)"), lost);
    }
  g_string_append_c (out, '\n');
  g_string_append_printf (out, "%s\n\n", summary);

  g_string_append_printf (out, "# %-6s %-18s %12s %12s\n", _("Word"), _("Address"), _("Samples"), _("Accesses"));
  for (guint k = 0; k < t->n_words; k++)
    {
      g_autofree char *samples = cs_cli_grouped (t->word_samples[k]);
      guint64 n = 0;

      for (guint i = 0; i < r->accesses->len; i++)
        if (g_array_index (r->accesses, CsMemoryWatchAccess, i).word == t->words[k])
          n += g_array_index (r->accesses, CsMemoryWatchAccess, i).count;
      {
        g_autofree char *accesses = cs_cli_grouped (n);

        g_string_append_printf (out, "  +%-5u 0x%016" G_GINT64_MODIFIER "x %12s %12s\n", t->words[k],
                                c->addresses[k], samples, accesses);
      }
    }

  g_string_append_printf (out, "\n# %s\n", _("Threads of the watched run (pid/tid): words touched, words written"));
  for (guint i = 0; i < r->threads->len; i++)
    {
      const CsMemoryThread *th = &g_array_index (r->threads, CsMemoryThread, i);
      g_autofree char *who = cs_memory_format_thread (th);
      g_autofree char *bytes = cs_memory_format_bytes (th->bytes);
      g_autofree char *written = cs_memory_format_bytes (th->store_bytes);
      g_autofree char *n = cs_cli_grouped (th->samples);

      g_string_append_printf (out, "  %-16s %12s  %s; %s %s\n", who, n, bytes, _("writes"),
                              *written != '\0' ? written : "—");
    }
  if (t->line != NULL)
    {
      g_autofree char *threads = cs_memory_format_threads (t->line);

      g_string_append_printf (out, _("  (the recording: %s)\n"), threads);
    }

  g_string_append_printf (out, "\n# %s\n", _("Instructions: sampled (loads/stores) beside watched (loads/stores, threads)"));
  for (guint i = 0; i < r->rows->len; i++)
    {
      const CsMemoryWatchRow *row = &g_array_index (r->rows, CsMemoryWatchRow, i);
      g_autofree char *name = instruction_name (row->module, row->offset, row->symbol);

      g_string_append_printf (out, "  %-48s %8" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT
                              ")  %10" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT ", %u)%s\n",
                              name, row->samples, row->sampled_loads, row->sampled_stores, row->accesses,
                              row->watched_loads, row->watched_stores, row->watched_threads,
                              row->samples > 0 && row->accesses > 0 ? "  ✓" : "");
    }
}

static json_object *
json_hex (guint64 v)
{
  g_autofree char *s = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", v);

  return json_object_new_string (s);
}

static void
render_json (const CsMemoryConfirm *c,
             GString               *out)
{
  const CsMemoryWatchTarget *t = c->target;
  const CsMemoryWatchResult *r = c->result;
  json_object *root = json_object_new_object ();
  json_object *target = json_object_new_object ();
  json_object *words = json_object_new_array ();
  json_object *accesses = json_object_new_array ();
  json_object *threads = json_object_new_array ();
  json_object *rows = json_object_new_array ();
  g_autofree char *summary = cs_memory_confirm_describe (c);

  json_object_object_add (root, "report_version", json_object_new_int (1));
  json_object_object_add (root, "command", cs_cli_json_string (c->command));
  json_object_object_add (root, "pid", json_object_new_uint64 (c->pid));
  json_object_object_add (root, "stopped", json_object_new_boolean (c->stopped));
  json_object_object_add (root, "counted", json_object_new_uint64 (c->counted));
  json_object_object_add (root, "lost", json_object_new_uint64 (c->lost));
  json_object_object_add (target, "description", cs_cli_json_string (t->description));
  json_object_object_add (target, "module", cs_cli_json_string (t->module_path));
  if (t->module_path != NULL)
    json_object_object_add (target, "elf_address", json_hex (t->elf_address));
  json_object_object_add (target, "mapping", cs_cli_json_string (t->mapping));
  json_object_object_add (target, "recorded_line", t->line != NULL ? json_hex (t->line->address) : NULL);
  json_object_object_add (target, "recorded_sharing", t->line != NULL
                          ? json_object_new_string (cs_memory_sharing_to_string (t->line->sharing)) : NULL);
  for (guint k = 0; k < t->n_words; k++)
    {
      json_object *w = json_object_new_object ();

      json_object_object_add (w, "offset", json_object_new_uint64 (t->words[k]));
      json_object_object_add (w, "address", json_hex (c->addresses[k]));
      json_object_object_add (w, "samples", json_object_new_uint64 (t->word_samples[k]));
      json_object_array_add (words, w);
    }
  json_object_object_add (target, "words", words);
  json_object_object_add (root, "target", target);
  for (guint i = 0; i < r->accesses->len; i++)
    {
      const CsMemoryWatchAccess *a = &g_array_index (r->accesses, CsMemoryWatchAccess, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "pid", json_object_new_uint64 (a->pid));
      json_object_object_add (o, "tid", json_object_new_uint64 (a->tid));
      json_object_object_add (o, "word", json_object_new_uint64 (a->word));
      json_object_object_add (o, "ip", json_hex (a->ip));
      json_object_object_add (o, "module", a->module != NULL ? cs_cli_json_string (cs_module_get_path (a->module)) : NULL);
      json_object_object_add (o, "offset", json_hex (a->offset));
      json_object_object_add (o, "symbol", cs_cli_json_string (a->symbol));
      json_object_object_add (o, "kind", json_object_new_string (kind_of (a->known, a->load, a->store)));
      json_object_object_add (o, "count", json_object_new_uint64 (a->count));
      json_object_array_add (accesses, o);
    }
  json_object_object_add (root, "accesses", accesses);
  for (guint i = 0; i < r->threads->len; i++)
    {
      const CsMemoryThread *th = &g_array_index (r->threads, CsMemoryThread, i);
      json_object *o = json_object_new_object ();
      g_autofree char *bytes = cs_memory_format_bytes (th->bytes);
      g_autofree char *written = cs_memory_format_bytes (th->store_bytes);

      json_object_object_add (o, "pid", json_object_new_uint64 (th->pid));
      json_object_object_add (o, "tid", json_object_new_uint64 (th->tid));
      json_object_object_add (o, "accesses", json_object_new_uint64 (th->samples));
      json_object_object_add (o, "bytes", json_object_new_string (bytes));
      json_object_object_add (o, "bytes_written", json_object_new_string (written));
      json_object_array_add (threads, o);
    }
  json_object_object_add (root, "threads", threads);
  for (guint i = 0; i < r->rows->len; i++)
    {
      const CsMemoryWatchRow *row = &g_array_index (r->rows, CsMemoryWatchRow, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "module", row->module != NULL ? cs_cli_json_string (cs_module_get_path (row->module)) : NULL);
      json_object_object_add (o, "offset", json_hex (row->offset));
      json_object_object_add (o, "symbol", cs_cli_json_string (row->symbol));
      json_object_object_add (o, "samples", json_object_new_uint64 (row->samples));
      json_object_object_add (o, "sampled_loads", json_object_new_uint64 (row->sampled_loads));
      json_object_object_add (o, "sampled_stores", json_object_new_uint64 (row->sampled_stores));
      json_object_object_add (o, "accesses", json_object_new_uint64 (row->accesses));
      json_object_object_add (o, "watched_loads", json_object_new_uint64 (row->watched_loads));
      json_object_object_add (o, "watched_stores", json_object_new_uint64 (row->watched_stores));
      json_object_object_add (o, "watched_threads", json_object_new_uint64 (row->watched_threads));
      json_object_array_add (rows, o);
    }
  json_object_object_add (root, "instructions", rows);
  json_object_object_add (root, "sharing", json_object_new_string (cs_memory_sharing_to_string (r->sharing)));
  json_object_object_add (root, "threads_confirmed", json_object_new_boolean (r->threads_confirmed));
  json_object_object_add (root, "summary", json_object_new_string (summary));
  cs_cli_append_json (out, root);
  g_string_append_c (out, '\n');
}

/* The bundle's program and its sampling run with registers. */
static gboolean
load_recording (const char  *path,
                CsSession  **session_out,
                char       **perf_data,
                GError     **error)
{
  g_autoptr(CsSession) session = cs_session_load (path, error);

  if (session == NULL)
    return FALSE;
  if (cs_session_get_argv (session) == NULL || cs_session_get_argv (session)[0] == NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                   _("%s does not say which program was recorded, so it cannot be run again"), path);
      return FALSE;
    }
  for (guint i = 0; i < cs_session_get_n_sampling_runs (session); i++)
    {
      CsSamplingRun *run = cs_session_get_sampling_run (session, i);

      if (run->user_regs)
        {
          *perf_data = cs_session_get_perf_data_path (session, run);
          *session_out = g_steal_pointer (&session);
          return TRUE;
        }
    }
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
               _("%s has no sampling run with registers, so no cachelines to watch: record with "
                 "“cyclescope record --regs”"), path);
  return FALSE;
}

int
cs_cli_watch (int    argc,
              char **argv)
{
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  double seconds = 0;
  g_auto(GStrv) args = NULL;
  const GOptionEntry entries[] = {
    { "seconds", 's', 0, G_OPTION_ARG_DOUBLE, &seconds,
      N_("Stop the program after this many seconds (every watched access traps, so it runs slower)"),
      N_("SECONDS") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, N_("Output format: text (default) or json"), N_("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the report to this file (the program’s own output stays on the terminal)"), N_("FILE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autofree char *perf_data = NULL;
  g_autoptr(CsMemoryProfile) profile = NULL;
  g_autoptr(CsMemoryConfirm) confirm = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  CsMemoryWatchTarget *target;

  if (!cs_cli_parse_options ("watch", _("BUNDLE LINE|SYMBOL[+OFFSET] — confirm a cacheline with hardware watchpoints"),
                             _("Runs the recorded program again with hardware watchpoints (up to four 8-byte "
                               "words) on a cacheline the memory view reconstructed, and lists every access "
                               "with its thread and instruction beside the sampled ones. LINE is “line” (the "
                               "hottest line with false or true sharing), an address from “cyclescope report "
                               "--memory”, or a global or static variable of the program (SYMBOL, +OFFSET "
                               "bytes). The line is found again by the variable or file holding it: lines on "
                               "the heap or a stack cannot be watched."),
                             entries, FALSE, &argc, &argv))
    return 1;
  if (format != NULL && g_strcmp0 (format, "text") != 0 && g_strcmp0 (format, "json") != 0)
    {
      cs_cli_error ("watch", _("unknown format “%s”: use text or json"), format);
      return 1;
    }
  if (args == NULL || g_strv_length (args) != 2)
    {
      cs_cli_error ("watch", "%s", _("usage: cyclescope watch BUNDLE LINE|SYMBOL[+OFFSET]"));
      return 1;
    }
  if (!load_recording (args[0], &session, &perf_data, &error) ||
      !(profile = cs_memory_profile_load (perf_data, NULL, NULL, &error)) ||
      !(target = cs_memory_watch_target_parse (profile, args[1], &error)) ||
      !(confirm = cs_memory_confirm_run (profile, target, cs_session_get_argv (session),
                                         cs_session_get_cwd (session), seconds, NULL, &error)))
    {
      cs_cli_error ("watch", "%s", error->message);
      return 1;
    }
  if (g_strcmp0 (format, "json") == 0)
    render_json (confirm, out);
  else
    render_text (confirm, out);
  if (output != NULL)
    {
      if (!g_file_set_contents (output, out->str, (gssize) out->len, &error))
        {
          cs_cli_error ("watch", "%s", error->message);
          return 1;
        }
    }
  else
    fputs (out->str, stdout);
  return 0;
}
