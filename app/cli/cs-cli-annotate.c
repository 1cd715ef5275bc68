/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-annotate.c — `cyclescope annotate FILE|BUNDLE SYMBOL [--event NAME] [--region NAME]`
 *
 * One symbol's source lines and instructions with their samples, like
 * `perf annotate`: percentages are of the symbol's own period, so the lines
 * of a function add up to 100 % (with --region: of its samples in that
 * region, recorded with `record --regions`). Each instruction names its source line,
 * which links the two listings. The source text is printed next to a line
 * when the file is there to read.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "cs-analysis.h"
#include "cs-cli.h"
#include "cs-cli-load.h"
#include "cs-cli-util.h"
#include "cs-error.h"
#include "cs-file.h"
#include "cs-report-samples.h"

typedef struct
{
  GHashTable *files;   /* path -> GStrv of its lines, or an empty GStrv */
} SourceCache;

static const char *
source_line (SourceCache *cache,
             const char  *file,
             guint        line)
{
  char **lines;

  if (file == NULL || line == 0)
    return NULL;
  lines = g_hash_table_lookup (cache->files, file);
  if (lines == NULL)
    {
      g_autofree char *text = NULL;

      if (cs_file_read_regular (file, CS_FILE_SOURCE_MAX, &text, NULL, NULL) &&
          g_utf8_validate (text, -1, NULL))
        lines = g_strsplit (text, "\n", -1);
      else
        lines = g_new0 (char *, 1);
      g_hash_table_insert (cache->files, g_strdup (file), lines);
    }
  return line <= g_strv_length (lines) ? lines[line - 1] : NULL;
}

static char *
short_file (const char *file,
            guint       line)
{
  g_autofree char *base = NULL;

  if (file == NULL)
    return g_strdup ("??:0");
  base = g_path_get_basename (file);
  return g_strdup_printf ("%s:%u", base, line);
}

static void
render_text (CsProfile             *profile,
             const CsProfileEvent  *e,
             const CsProfileSymbol *symbol,
             guint                  region,
             GPtrArray             *matches,
             SourceCache           *cache,
             GString               *out)
{
  const CsSymbol *sym = symbol->symbol;
  const GArray *lines = cs_profile_get_region_line_table (profile, e->index, symbol, region);
  const GArray *insns = cs_profile_get_region_insn_table (profile, e->index, symbol, region);
  double share = e->period > 0 ? 100.0 * (double) symbol->period[e->index] / (double) e->period : 0;

  g_autofree char *name = cs_cli_escape (symbol->display_name, -1, FALSE);
  g_autofree char *signature = cs_cli_escape (sym->signature, -1, FALSE);
  g_autofree char *module = cs_cli_escape (symbol->module->name, -1, FALSE);
  g_autofree char *path = cs_cli_escape (symbol->module->path != NULL ? symbol->module->path : "?", -1, FALSE);

  g_string_append_printf (out, _("Symbol     %s\n"), name);
  if (sym->signature != NULL && g_strcmp0 (sym->signature, symbol->display_name) != 0)
    g_string_append_printf (out, _("Signature  %s\n"), signature);
  g_string_append_printf (out, _("Module     %s (%s)\n"), module, path);
  if (!sym->unknown)
    g_string_append_printf (out, _("Address    0x%" PRIx64 ", %" PRIu64 " bytes\n"),
                            sym->start, sym->size);
  g_string_append_printf (out, _("Event      %s: %" PRIu64 " samples in this symbol, %.2f%% of all\n"),
                          e->name, symbol->samples[e->index], share);
  if (region != CS_PROFILE_ALL_REGIONS)
    g_string_append_printf (out, _("Region     %s: the samples below are the symbol’s in this region\n"),
                            cs_profile_get_region_name (profile, region));
  for (guint i = 1; i < matches->len; i++)
    {
      const CsProfileSymbol *other = g_ptr_array_index (matches, i);

      g_string_append_printf (out, _("Also named so: %s in %s (not shown)\n"),
                              other->symbol->signature != NULL ? other->symbol->signature : other->display_name,
                              other->module->name);
    }

  g_string_append_printf (out, "\n%s\n", _("Source lines (percent of the symbol’s samples; inlined code under the inlined function’s line)"));
  g_string_append_printf (out, "%9s %10s  %-36s %s\n", _("Percent"), _("Samples"), _("Line"), _("Source"));
  for (guint i = 0; i < lines->len; i++)
    {
      const CsProfileLineRow *r = &g_array_index (lines, CsProfileLineRow, i);
      g_autofree char *where = short_file (r->file, r->line);
      g_autofree char *label = r->inline_name != NULL
                               ? g_strdup_printf ("%s [%s]", where, r->inline_name) : g_strdup (where);
      g_autofree char *text = g_strdup (source_line (cache, r->file, r->line));

      g_string_append_printf (out, "%8.2f%% %10" G_GUINT64_FORMAT "  %-36s %s\n", r->symbol_percent,
                              r->samples, label, text != NULL ? g_strstrip (text) : "");
    }

  g_string_append_printf (out, "\n%s\n", _("Instructions"));
  g_string_append_printf (out, "%9s %10s  %-18s %-28s %s\n", _("Percent"), _("Samples"), _("Address"),
                          _("Line"), _("Instruction"));
  for (guint i = 0; i < insns->len; i++)
    {
      const CsProfileInsnRow *r = &g_array_index (insns, CsProfileInsnRow, i);
      g_autofree char *where = short_file (r->file, r->line);
      g_autofree char *pct = r->samples > 0 ? g_strdup_printf ("%8.2f%%", r->symbol_percent) : g_strdup ("");
      g_autofree char *n = r->samples > 0 ? g_strdup_printf ("%" G_GUINT64_FORMAT, r->samples) : g_strdup ("");

      g_string_append_printf (out, "%9s %10s  0x%-16" G_GINT64_MODIFIER "x %-28s %s\n", pct, n,
                              r->address, where, r->text != NULL ? r->text : _("(not disassembled)"));
    }
}

static void
render_json (CsProfile             *profile,
             const CsProfileEvent  *e,
             const CsProfileSymbol *symbol,
             guint                  region,
             SourceCache           *cache,
             GString               *out)
{
  const CsSymbol *sym = symbol->symbol;
  const GArray *lines = cs_profile_get_region_line_table (profile, e->index, symbol, region);
  const GArray *insns = cs_profile_get_region_insn_table (profile, e->index, symbol, region);
  json_object *root = json_object_new_object ();
  json_object *s = json_object_new_object ();
  json_object *jl = json_object_new_array ();
  json_object *ji = json_object_new_array ();

  json_object_object_add (s, "symbol", json_object_new_string (symbol->display_name));
  json_object_object_add (s, "short_name", cs_cli_json_string (sym->name));
  json_object_object_add (s, "signature", cs_cli_json_string (sym->signature));
  json_object_object_add (s, "dso", json_object_new_string (symbol->module->name));
  json_object_object_add (s, "path", cs_cli_json_string (symbol->module->path));
  json_object_object_add (s, "address", json_object_new_int64 ((gint64) sym->start));
  json_object_object_add (s, "size", json_object_new_int64 ((gint64) sym->size));
  json_object_object_add (s, "unknown", json_object_new_boolean (sym->unknown));
  json_object_object_add (root, "symbol", s);
  json_object_object_add (root, "event", json_object_new_string (e->name));
  json_object_object_add (root, "region", region != CS_PROFILE_ALL_REGIONS
                          ? json_object_new_string (cs_profile_get_region_name (profile, region)) : NULL);
  json_object_object_add (root, "samples", json_object_new_int64 ((gint64) symbol->samples[e->index]));
  json_object_object_add (root, "period", json_object_new_int64 ((gint64) symbol->period[e->index]));
  json_object_object_add (root, "percent",
                          json_object_new_double (e->period > 0 ? 100.0 * symbol->period[e->index] / e->period : 0));
  for (guint i = 0; i < lines->len; i++)
    {
      const CsProfileLineRow *r = &g_array_index (lines, CsProfileLineRow, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "file", cs_cli_json_string (r->file));
      json_object_object_add (o, "line", r->file != NULL ? json_object_new_int ((int) r->line) : NULL);
      json_object_object_add (o, "inline", cs_cli_json_string (r->inline_name));
      json_object_object_add (o, "samples", json_object_new_int64 ((gint64) r->samples));
      json_object_object_add (o, "period", json_object_new_int64 ((gint64) r->period));
      json_object_object_add (o, "percent", json_object_new_double (r->symbol_percent));
      json_object_object_add (o, "source", cs_cli_json_string (source_line (cache, r->file, r->line)));
      json_object_array_add (jl, o);
    }
  for (guint i = 0; i < insns->len; i++)
    {
      const CsProfileInsnRow *r = &g_array_index (insns, CsProfileInsnRow, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "address", json_object_new_int64 ((gint64) r->address));
      json_object_object_add (o, "offset", json_object_new_int64 ((gint64) r->offset));
      json_object_object_add (o, "size", json_object_new_int ((int) r->size));
      json_object_object_add (o, "text", cs_cli_json_string (r->text));
      json_object_object_add (o, "file", cs_cli_json_string (r->file));
      json_object_object_add (o, "line", r->file != NULL ? json_object_new_int ((int) r->line) : NULL);
      json_object_object_add (o, "samples", json_object_new_int64 ((gint64) r->samples));
      json_object_object_add (o, "period", json_object_new_int64 ((gint64) r->period));
      json_object_object_add (o, "percent", json_object_new_double (r->symbol_percent));
      json_object_array_add (ji, o);
    }
  json_object_object_add (root, "lines", jl);
  json_object_object_add (root, "instructions", ji);
  cs_cli_append_json (out, root);
  g_string_append_c (out, '\n');
}

/* "no symbol X; the hottest are: …" so that the user can pick one. */
static char *
hottest_symbols (CsProfile            *profile,
                 const CsProfileEvent *e)
{
  g_autoptr(GArray) rows = cs_profile_dup_symbol_table (profile, e->index, NULL, 5);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < rows->len; i++)
    g_string_append_printf (s, "%s“%s”", i > 0 ? ", " : "",
                            g_array_index (rows, CsProfileSymbolRow, i).symbol->display_name);
  return g_string_free (s, FALSE);
}

/* The sampled symbols @name names through another alias of their
 * address ("random" for the row perf and we call "__random",
 * "__do_sys_getppid" for "__x64_sys_getppid"): the symbolizer knows every
 * name of a symbol table, the profile only the one its rows show. Each
 * sampled module is asked, as several may have a symbol of that name
 * (ld.so and libc both have a __fstatat). */
static GPtrArray *
find_by_alias (CsProfile  *profile,
               const char *name)
{
  CsSymbolizer *symbolizer = cs_profile_get_symbolizer (profile);
  g_autoptr(GHashTable) found = g_hash_table_new (NULL, NULL);   /* CsModule* -> CsSymbol* */
  GPtrArray *matches = g_ptr_array_new ();

  for (guint i = 0; i < cs_profile_get_n_symbols (profile); i++)
    {
      const CsProfileSymbol *s = cs_profile_get_symbol (profile, i);
      CsModule *module = s->symbol->module;

      if (!g_hash_table_contains (found, module))
        g_hash_table_insert (found, module,
                             (gpointer) cs_symbolizer_find_symbol (symbolizer, module, name));
      if (s->symbol == g_hash_table_lookup (found, module))
        g_ptr_array_add (matches, (gpointer) s);
    }
  return matches;
}

int
cs_cli_annotate (int    argc,
                 char **argv)
{
  g_autofree char *event = NULL;
  g_autofree char *format = NULL;
  g_autofree char *region_name = NULL;
  g_auto(GStrv) args = NULL;
  const GOptionEntry entries[] = {
    { "event", 'e', 0, G_OPTION_ARG_STRING, &event,
      N_("Samples of this event (default: the analysis’s sample event)"), N_("NAME") },
    { "region", 'r', 0, G_OPTION_ARG_STRING, &region_name,
      N_("Only the samples taken in this region (a recording made with --regions)"), N_("NAME") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, N_("Output format: text (default) or json"), N_("FORMAT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;
  g_autoptr(GPtrArray) matches = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  SourceCache cache = { NULL };
  CsProfile *profile;
  const CsProfileEvent *e;
  guint region = CS_PROFILE_ALL_REGIONS;

  if (!cs_cli_parse_options ("annotate", _("FILE|BUNDLE SYMBOL — source lines and instructions of a symbol"),
                             _("Shows the source lines and the disassembled instructions of SYMBOL (its name as "
                               "`cyclescope report --sort sym` prints it, its short name, its full signature, its "
                               "mangled name or another alias of its address) with their samples, in a perf.data "
                               "file or a session bundle."),
                             entries, FALSE, &argc, &argv))
    return 1;
  if (format != NULL && g_strcmp0 (format, "text") != 0 && g_strcmp0 (format, "json") != 0)
    {
      cs_cli_error ("annotate", _("unknown format “%s”: use text or json"), format);
      return 1;
    }
  if (args == NULL || g_strv_length (args) != 2)
    {
      cs_cli_error ("annotate", "%s", _("usage: cyclescope annotate FILE|BUNDLE SYMBOL"));
      return 1;
    }

  if (!(analysis = cs_cli_load_analysis (args[0], &error)))
    {
      cs_cli_error ("annotate", "%s", error->message);
      return 1;
    }
  cs_report_warn_partial ("annotate", analysis);
  if ((profile = cs_analysis_get_profile (analysis)) == NULL ||
      cs_analysis_get_default_event (analysis) == NULL)
    {
      cs_cli_error ("annotate", _("%s has no samples to annotate"), args[0]);
      return 1;
    }
  e = event != NULL ? cs_profile_find_event (profile, event) : cs_analysis_get_default_event (analysis);
  if (e == NULL || e->n_samples == 0)
    {
      g_autofree char *known = g_strjoinv (", ", (char **) cs_profile_get_sampled_event_names (profile));

      cs_cli_error ("annotate", _("the event “%s” has no samples in %s; sampled events: %s"),
                    event != NULL ? event : "?", args[0], known);
      return 1;
    }
  if (region_name != NULL && (region = cs_profile_find_region (profile, region_name)) == 0)
    {
      cs_cli_error ("annotate", _("%s has no samples of a region “%s” (record with --regions to "
                                  "sample per region)"), args[0], region_name);
      return 1;
    }
  matches = cs_profile_find_symbols (profile, args[1]);
  if (matches->len == 0)
    {
      g_ptr_array_unref (matches);
      matches = find_by_alias (profile, args[1]);
    }
  if (matches->len == 0)
    {
      g_autofree char *hot = hottest_symbols (profile, e);

      cs_cli_error ("annotate", _("no sampled symbol is named “%s” in %s; the hottest are %s"),
                    args[1], args[0], hot);
      return 1;
    }

  cache.files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_strfreev);
  if (g_strcmp0 (format, "json") == 0)
    render_json (profile, e, g_ptr_array_index (matches, 0), region, &cache, out);
  else
    render_text (profile, e, g_ptr_array_index (matches, 0), region, matches, &cache, out);
  g_hash_table_unref (cache.files);

  if (!cs_cli_print_output (out, g_strcmp0 (format, "json") == 0))
    {
      cs_cli_error ("annotate", "%s", _("could not write to standard output"));
      return 1;
    }
  return 0;
}
