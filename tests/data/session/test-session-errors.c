/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-errors.c — every kind of bad session.json gives a GError that
 * names the file and the JSON path, and never a session
 *
 * Each case takes a valid document and replaces one piece of text in it, so
 * the only thing wrong is the thing under test.
 */
#include "config.h"

#include <string.h>

#include "cs-error.h"
#include "cs-session.h"
#include "cs-test-util.h"

#define FILENAME "/fixtures/bad.cyclescope/session.json"

static const char base[] =
  "{\n"
  "  \"format\": 1,\n"
  "  \"host\": { \"hostname\": \"h\", \"cpu_model\": null, \"pmu\": \"core\", \"n_cpus\": 2 },\n"
  "  \"command\": { \"argv\": [ \"./prog\", \"arg\" ], \"cwd\": \"/tmp\" },\n"
  "  \"model\": \"intel-core2\",\n"
  "  \"cycles_alias\": \"cycles\",\n"
  "  \"mode\": \"runs\",\n"
  "  \"start_time\": \"2024-03-01T14:05:00Z\",\n"
  "  \"duration\": 2.5,\n"
  "  \"complete\": true,\n"
  "  \"runs\": [\n"
  "    { \"index\": 0, \"status\": \"ok\", \"wall_seconds\": 1.25,\n"
  "      \"counts\": [ { \"name\": \"cycles\", \"event\": \"UNHALTED_CORE_CYCLES\", \"value\": 100, \"time_enabled\": 10, \"time_running\": 10 },\n"
  "                  { \"name\": \"loads\", \"event\": \"INST_RETIRED:LOADS\", \"value\": 7, \"time_enabled\": 10, \"time_running\": 10 } ],\n"
  "      \"regions\": [ { \"name\": \"TrackProducer\", \"calls\": 3,\n"
  "                     \"counts\": [ { \"name\": \"cycles\", \"value\": 40, \"time_enabled\": 4, \"time_running\": 4 } ] },\n"
  "                   { \"name\": \"MuonIdProducer\", \"calls\": 3,\n"
  "                     \"counts\": [ { \"name\": \"cycles\", \"value\": 30, \"time_enabled\": 3, \"time_running\": 3 } ] } ] },\n"
  "    { \"index\": 1, \"status\": \"failed\", \"exit_code\": 1,\n"
  "      \"counts\": [ { \"name\": \"cycles\", \"value\": 110, \"time_enabled\": 11, \"time_running\": 11 } ] }\n"
  "  ],\n"
  "  \"sampling_runs\": [ { \"perf_data\": \"sampling-0.perf.data\", \"event\": \"cpu-clock\", \"frequency\": 1000 } ],\n"
  "  \"notes\": [ \"a note\" ],\n"
  "  \"warnings\": []\n"
  "}\n";

typedef struct
{
  const char *name;
  const char *from;     /* text in base to replace (must occur), NULL: use @to as document */
  const char *to;
  CsDataError code;
  const char *needle;   /* must appear in the message */
} Case;

static const Case cases[] = {
  /* malformed JSON */
  { "syntax", "\"model\": \"intel-core2\",", "\"model\": \"intel-core2\" oops", CS_DATA_ERROR_PARSE, "line 5, column" },
  { "truncated", NULL, "{ \"format\": 1, \"host\": {", CS_DATA_ERROR_PARSE, "line 1" },
  { "empty", NULL, "", CS_DATA_ERROR_PARSE, "line 1, column 1" },
  { "trailing", NULL, "{} {}", CS_DATA_ERROR_PARSE, "line 1" },
  { "bad-utf8", "\"h\"", "\"\xff\xfe\"", CS_DATA_ERROR_PARSE, "line 3" },
  { "trailing-comma", "\"warnings\": []\n", "\"warnings\": [],\n", CS_DATA_ERROR_PARSE, "line" },
  { "not-object", NULL, "[ 1, 2 ]", CS_DATA_ERROR_INVALID, "top level: expected an object, found an array" },
  /* version */
  { "no-format", "\"format\": 1,", "", CS_DATA_ERROR_INVALID, ": format: missing" },
  { "format-string", "\"format\": 1,", "\"format\": \"1\",", CS_DATA_ERROR_INVALID, ": format: expected the format version, an integer, found a string" },
  { "format-newer", "\"format\": 1,", "\"format\": 2,", CS_DATA_ERROR_VERSION, ": format: format 2 was written by a newer Cyclescope" },
  { "format-zero", "\"format\": 1,", "\"format\": 0,", CS_DATA_ERROR_VERSION, ": format: format 0 does not exist" },
  /* missing fields */
  { "no-host", "\"host\": { \"hostname\": \"h\", \"cpu_model\": null, \"pmu\": \"core\", \"n_cpus\": 2 },", "", CS_DATA_ERROR_INVALID, ": host: missing; expected an object" },
  { "no-argv", "\"argv\": [ \"./prog\", \"arg\" ], ", "", CS_DATA_ERROR_INVALID, ": command.argv: missing; expected an array" },
  { "empty-argv", "[ \"./prog\", \"arg\" ]", "[]", CS_DATA_ERROR_INVALID, ": command.argv: is empty" },
  { "no-model", "\"model\": \"intel-core2\",", "", CS_DATA_ERROR_INVALID, ": model: missing" },
  { "no-runs", "\"runs\": [", "\"xruns\": [", CS_DATA_ERROR_INVALID, ": runs: missing; expected an array" },
  { "no-counts", "\"exit_code\": 1,\n      \"counts\"", "\"exit_code\": 1,\n      \"kounts\"", CS_DATA_ERROR_INVALID, ": runs[1].counts: missing; expected an array" },
  { "no-value", "\"value\": 7, ", "", CS_DATA_ERROR_INVALID, ": runs[0].counts[1].value: missing; expected a non-negative integer" },
  { "no-name", "{ \"name\": \"loads\", ", "{ ", CS_DATA_ERROR_INVALID, ": runs[0].counts[1].name: missing" },
  { "no-perf-data", "\"perf_data\": \"sampling-0.perf.data\", ", "", CS_DATA_ERROR_INVALID, ": sampling_runs[0].perf_data: missing" },
  /* wrong types */
  { "host-not-object", "\"host\": {", "\"host\": 5, \"x\": {", CS_DATA_ERROR_INVALID, ": host: expected an object, found an integer" },
  { "n-cpus-string", "\"n_cpus\": 2", "\"n_cpus\": \"2\"", CS_DATA_ERROR_INVALID, ": host.n_cpus: expected an integer, found a string" },
  { "argv-number", "\"arg\" ]", "7 ]", CS_DATA_ERROR_INVALID, ": command.argv[1]: expected a string, found an integer" },
  { "runs-object", "\"runs\": [\n", "\"runs\": {}, \"x\": [\n", CS_DATA_ERROR_INVALID, ": runs: expected an array, found an object" },
  { "run-not-object", "\"runs\": [\n", "\"runs\": [ 3,\n", CS_DATA_ERROR_INVALID, ": runs[0]: expected an object, found an integer" },
  { "value-string", "\"value\": 7,", "\"value\": \"7\",", CS_DATA_ERROR_INVALID, ": runs[0].counts[1].value: expected a non-negative integer, found a string" },
  { "value-fraction", "\"value\": 7,", "\"value\": 7.5,", CS_DATA_ERROR_INVALID, ": runs[0].counts[1].value: expected a non-negative integer, found a number with a fraction" },
  { "value-exponent", "\"value\": 7,", "\"value\": 7e3,", CS_DATA_ERROR_INVALID, ": runs[0].counts[1].value: expected a non-negative integer" },
  { "complete-string", "\"complete\": true", "\"complete\": \"yes\"", CS_DATA_ERROR_INVALID, ": complete: expected true or false, found a string" },
  { "note-number", "[ \"a note\" ]", "[ \"a note\", 3 ]", CS_DATA_ERROR_INVALID, ": notes[1]: expected a string, found an integer" },
  { "wall-string", "\"wall_seconds\": 1.25", "\"wall_seconds\": \"1.25\"", CS_DATA_ERROR_INVALID, ": runs[0].wall_seconds: expected a number of seconds" },
  { "region-count-type", "\"value\": 30,", "\"value\": true,", CS_DATA_ERROR_INVALID, ": runs[0].regions[1].counts[0].value: expected a non-negative integer, found a boolean" },
  /* bad values */
  { "negative-count", "\"value\": 7,", "\"value\": -7,", CS_DATA_ERROR_INVALID, ": runs[0].counts[1].value: expected a non-negative integer, found -7" },
  { "overflow-count", "\"value\": 7,", "\"value\": 123456789012345678901234567890,", CS_DATA_ERROR_INVALID, ": runs[0].counts[1].value: the number is too large" },
  { "running-gt-enabled", "\"value\": 110, \"time_enabled\": 11, \"time_running\": 11",
    "\"value\": 110, \"time_enabled\": 11, \"time_running\": 12", CS_DATA_ERROR_INVALID, ": runs[1].counts[0].time_running: 12 ns is more than time_enabled" },
  { "negative-seconds", "\"wall_seconds\": 1.25", "\"wall_seconds\": -1.25", CS_DATA_ERROR_INVALID, ": runs[0].wall_seconds: expected a non-negative number" },
  { "bad-run-index", "{ \"index\": 1,", "{ \"index\": 5,", CS_DATA_ERROR_INVALID, ": runs[1].index: is 5 but this is entry 1" },
  { "negative-run-index", "{ \"index\": 1,", "{ \"index\": -1,", CS_DATA_ERROR_INVALID, ": runs[1].index: expected an integer from 0" },
  { "bad-status", "\"status\": \"failed\"", "\"status\": \"crashed\"", CS_DATA_ERROR_INVALID, ": runs[1].status: unknown status “crashed”" },
  { "bad-mode", "\"mode\": \"runs\"", "\"mode\": \"sampling\"", CS_DATA_ERROR_INVALID, ": mode: unknown mode “sampling”" },
  { "bad-time", "2024-03-01T14:05:00Z", "yesterday", CS_DATA_ERROR_INVALID, ": start_time: “yesterday” is not an ISO 8601" },
  { "duplicate-region", "\"name\": \"MuonIdProducer\"", "\"name\": \"TrackProducer\"", CS_DATA_ERROR_INVALID, ": runs[0].regions[1].name: region “TrackProducer” appears twice" },
  { "empty-name", "{ \"name\": \"loads\"", "{ \"name\": \"\"", CS_DATA_ERROR_INVALID, ": runs[0].counts[1].name: must not be empty" },
  { "absolute-perf-data", "\"sampling-0.perf.data\"", "\"/etc/passwd\"", CS_DATA_ERROR_INVALID, ": sampling_runs[0].perf_data: “/etc/passwd” is an absolute path" },
  { "escaping-perf-data", "\"sampling-0.perf.data\"", "\"../../x.data\"", CS_DATA_ERROR_INVALID, ": sampling_runs[0].perf_data: “../../x.data” leaves the bundle" },
  /* libcyclescope-region's members */
  { "escaping-regions", "\"frequency\": 1000 }", "\"frequency\": 1000, \"regions\": \"../r\" }", CS_DATA_ERROR_INVALID, ": sampling_runs[0].regions: “../r” leaves the bundle" },
  { "regions-not-string", "\"frequency\": 1000 }", "\"frequency\": 1000, \"regions\": 3 }", CS_DATA_ERROR_INVALID, ": sampling_runs[0].regions: expected" },
  { "threads-not-array", "\"name\": \"TrackProducer\", \"calls\": 3,", "\"name\": \"TrackProducer\", \"calls\": 3, \"threads\": {},", CS_DATA_ERROR_INVALID, ": runs[0].regions[0].threads: expected" },
  { "thread-bad-tid", "\"name\": \"TrackProducer\", \"calls\": 3,", "\"name\": \"TrackProducer\", \"calls\": 3, \"threads\": [ { \"tid\": -1, \"counts\": [] } ],", CS_DATA_ERROR_INVALID, ": runs[0].regions[0].threads[0].tid:" },
  { "thread-no-counts", "\"name\": \"TrackProducer\", \"calls\": 3,", "\"name\": \"TrackProducer\", \"calls\": 3, \"threads\": [ { \"tid\": 5 } ],", CS_DATA_ERROR_INVALID, ": runs[0].regions[0].threads[0].counts: missing" },
  { "inclusive-bad-value", "\"name\": \"TrackProducer\", \"calls\": 3,", "\"name\": \"TrackProducer\", \"calls\": 3, \"inclusive\": [ { \"name\": \"cycles\", \"value\": -1, \"time_enabled\": 1, \"time_running\": 1 } ],", CS_DATA_ERROR_INVALID, ": runs[0].regions[0].inclusive[0].value:" },
  { "bad-signal", "\"exit_code\": 1,", "\"exit_code\": 1, \"term_signal\": 400,", CS_DATA_ERROR_INVALID, ": runs[1].term_signal: expected an integer from 0 to 128" },
};

static char *
make_document (const Case *c)
{
  const char *at;
  GString *doc;

  if (c->from == NULL)
    return g_strdup (c->to);
  at = strstr (base, c->from);
  if (at == NULL)
    g_error ("case %s: “%s” not in the base document", c->name, c->from);
  doc = g_string_new_len (base, at - base);
  g_string_append (doc, c->to);
  g_string_append (doc, at + strlen (c->from));
  return g_string_free (doc, FALSE);
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *doc = make_document (c);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) s = cs_session_load_from_data (doc, -1, FILENAME, &error);

  g_assert_null (s);
  g_assert_error (error, CS_DATA_ERROR, (gint) c->code);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, FILENAME ": "));
  if (strstr (error->message, c->needle) == NULL)
    g_error ("case %s: “%s” not in “%s”", c->name, c->needle, error->message);
}

static void
test_base_is_valid (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) s = cs_session_load_from_data (base, -1, FILENAME, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (cs_session_get_n_runs (s), ==, 2);
  g_assert_cmpuint (cs_session_get_run (s, 0)->regions->len, ==, 2);
}

/* Cutting the document anywhere must give an error, never a crash or a
 * session built from the part that was read. */
static void
test_every_prefix (void)
{
  gsize len = strlen (base);
  /* The closing brace is the last non-space byte; any shorter prefix is cut. */
  gsize last = len - 2;

  for (gsize i = 0; i <= last; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CsSession) s = cs_session_load_from_data (base, i, FILENAME, &error);

      g_assert_null (s);
      g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE);
    }
}

static void
test_embedded_nul (void)
{
  static const char doc[] = "{ \"format\": 1 }\0 more";
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) s = cs_session_load_from_data (doc, sizeof doc - 1, FILENAME, &error);

  g_assert_null (s);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, FILENAME ": "));
}

static void
test_missing_files (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *missing = g_build_filename (dir, "nothing.cyclescope", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) s = NULL;

  s = cs_session_load (missing, &error);
  g_assert_null (s);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);

  /* A directory without session.json is not a session. */
  s = cs_session_load (dir, &error);
  g_assert_null (s);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, dir));
  g_assert_nonnull (strstr (error->message, "session.json"));
  cs_test_rmdir (dir);
}

static void
test_load_names_file (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *file = g_build_filename (dir, "session.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) s = NULL;
  g_autofree char *expected = NULL;

  g_assert_true (g_file_set_contents (file, "{ \"format\": 7 }", -1, NULL));
  s = cs_session_load (dir, &error);
  g_assert_null (s);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_VERSION);
  expected = g_strdup_printf ("%s: format: ", file);
  g_assert_true (g_str_has_prefix (error->message, expected));
  cs_test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session-errors/base-is-valid", test_base_is_valid);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/session-errors/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/session-errors/every-prefix", test_every_prefix);
  g_test_add_func ("/session-errors/embedded-nul", test_embedded_nul);
  g_test_add_func ("/session-errors/missing-files", test_missing_files);
  g_test_add_func ("/session-errors/load-names-file", test_load_names_file);
  return g_test_run ();
}
