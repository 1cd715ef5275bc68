/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-util.h — what the command-line verbs share: option parsing and
 * machine-readable output (JSON, CSV)
 */
#pragma once

#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

/* Parses the options of `cyclescope VERB` from @argc/@argv (GOption: --help
 * prints @parameter_string, @summary and the translated @entries, and
 * exits). @strict_posix: the first argument that is not an option ends the
 * options (it starts a program with options of its own). On a usage error
 * prints it as "cyclescope VERB: …" and returns FALSE. */
gboolean     cs_cli_parse_options (const char         *verb,
                                   const char         *parameter_string,
                                   const char         *summary,
                                   const GOptionEntry *entries,
                                   gboolean            strict_posix,
                                   int                *argc,
                                   char             ***argv);

/* @text (@len bytes, -1: NUL-terminated) with what must not reach a
 * terminal raw shown as text: each byte that is not UTF-8 and each control
 * character as \xNN (ESC as \x1b; newline and tab kept with @keep_lines),
 * a C1 control as \u00NN. Text from recorded files (host and module names,
 * the command, symbols, warnings) goes through it (docs/cli.md). */
char        *cs_cli_escape        (const char         *text,
                                   gssize              len,
                                   gboolean            keep_lines);
/* Writes a report to standard output: text through cs_cli_escape(), JSON
 * made valid UTF-8 (a byte that is not UTF-8 becomes the text \xNN in its
 * string). FALSE when the write failed. */
gboolean     cs_cli_print_output  (const GString      *out,
                                   gboolean            json);
/* A JSON string, or JSON null for NULL. */
json_object *cs_cli_json_string   (const char         *text);
/* A JSON number, or JSON null where @value is NaN or infinite (JSON has
 * no NaN: a value that cannot be computed is null). */
json_object *cs_cli_json_number   (double              value);
/* Parses JSON we wrote, however deep: call trees of unwound stacks nest
 * far deeper than json_tokener_parse()'s 32 levels. NULL when malformed. */
json_object *cs_cli_json_parse    (const char         *text);
/* Appends @root as indented JSON (without a final newline) and releases it. */
void         cs_cli_append_json   (GString            *out,
                                   json_object        *root);
/* Appends one CSV field, quoted as RFC 4180 says when it holds a separator,
 * a quote or a line break (NULL: empty), then "," or, after the @last field
 * of a row, "\n". */
void         cs_cli_csv_field     (GString            *out,
                                   const char         *text,
                                   gboolean            last);
/* @v with a comma between groups of three digits ("1,234,567"): the
 * reports' numbers must read the same in every locale (docs/cli.md). */
char        *cs_cli_grouped       (guint64             v);
/* Appends @text, escaped (cs_cli_escape(), one line), padded with spaces
 * to @width display characters; cs_cli_display_width() is its width. */
void         cs_cli_append_padded (GString            *out,
                                   const char         *text,
                                   guint               width);
guint        cs_cli_display_width (const char         *text);
/* Ends a table line without the padding of its empty trailing cells. */
void         cs_cli_end_line      (GString            *out);

G_END_DECLS
