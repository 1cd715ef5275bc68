/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-kallsyms-saved.c — kernel symbols saved with a recording
 *
 * The running kernel's table saved as a file (its key read back from /proc
 * and uname, its symbols from the test's own reading of /proc/kallsyms),
 * damaged copies refused; the session.json field (optional: older sessions
 * load); a bundle recorded by our collector whose kernel samples resolve
 * from its own file while the symbolizer's /proc path is an empty file,
 * counted against the test's oracle (cs-test-kallsyms.h); the warning for a
 * recording from another boot and the shift of a table whose _text moved.
 *
 * argv[1]: cs-test-workload.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-c/json.h>
#include <sys/utsname.h>
#include <utime.h>

#include "cs-analysis.h"
#include "cs-error.h"
#include "cs-kallsyms.h"
#include "cs-record.h"
#include "cs-session.h"
#include "cs-symbolizer.h"
#include "cs-test-bundle-edit.h"
#include "cs-test-kallsyms.h"
#include "cs-test-util.h"

static const char *workload;
static char *tmpdir;
static CsTestKallsyms *oracle;
static char *bundle;   /* recorded once, by bundle_path() */

static char *
read_trimmed (const char *path)
{
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return g_strstrip (contents);
}

static gboolean
need_oracle (void)
{
  if (oracle == NULL)
    g_test_skip ("/proc/kallsyms is not readable with addresses here (not root, or kptr_restrict)");
  return oracle != NULL;
}

static char *
write_file (const char *name,
            const char *contents,
            gssize      len)
{
  char *path = g_build_filename (tmpdir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  return path;
}

static void
test_save_load (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "saved.kallsyms", NULL);
  g_autofree char *boot_id = read_trimmed ("/proc/sys/kernel/random/boot_id");
  g_autofree char *modules = NULL;
  g_autofree char *modules_sha = NULL;
  g_autofree char *proc_text = NULL;
  g_autoptr(CsKallsymsKey) key = NULL;
  g_autoptr(CsKallsymsKey) key2 = NULL;
  g_autoptr(CsKallsyms) table = NULL;
  g_autoptr(GError) error = NULL;
  gsize modules_len = 0, proc_len = 0;
  guint64 n_bytes = 0;
  struct utsname uts;
  GStatBuf st;

  if (!need_oracle ())
    return;
  g_assert_true (cs_kallsyms_save_running (path, &key, &n_bytes, &error));
  g_assert_no_error (error);

  /* The file is as large as said, and much smaller than the text it stands for. */
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpuint ((guint64) st.st_size, ==, n_bytes);
  g_assert_true (g_file_get_contents ("/proc/kallsyms", &proc_text, &proc_len, NULL));
  g_assert_cmpuint (n_bytes, <, proc_len / 2);
  g_test_message ("saved kernel symbols: %" G_GUINT64_FORMAT " bytes for %" G_GSIZE_FORMAT
                  " bytes of /proc/kallsyms", n_bytes, proc_len);

  /* The key: this boot, this kernel, these modules. */
  g_assert_true (uname (&uts) == 0);
  if (!g_file_get_contents ("/proc/modules", &modules, &modules_len, NULL))
    modules_len = 0;
  modules_sha = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) (modules ? modules : ""),
                                             modules_len);
  g_assert_cmpstr (key->boot_id, ==, boot_id);
  g_assert_cmpstr (key->release, ==, uts.release);
  g_assert_cmpstr (key->modules_sha256, ==, modules_sha);

  table = cs_kallsyms_load_saved (path, &key2, &error);
  g_assert_no_error (error);
  g_assert_nonnull (table);
  g_assert_cmpstr (key2->boot_id, ==, boot_id);
  g_assert_cmpstr (key2->release, ==, uts.release);
  g_assert_cmpstr (key2->modules_sha256, ==, modules_sha);

  /* Every text symbol with an address, and lookups as the oracle's. */
  g_assert_cmpuint (cs_kallsyms_get_n_symbols (table), ==, oracle->syms->len);
  for (guint i = 0; i < oracle->syms->len; i += 97)
    {
      const CsTestKsym *o = &g_array_index (oracle->syms, CsTestKsym, i);
      const CsKernelSymbol *s = cs_kallsyms_lookup (table, o->address);
      gint first = cs_test_kallsyms_lookup (oracle, o->address);

      g_assert_nonnull (s);
      g_assert_cmphex (s->address, ==, o->address);
      g_assert_true (cs_test_kallsyms_has_name (oracle, first, s->name));
      g_assert_cmpstr (s->module, ==, o->module);
    }
}

static void
assert_corrupt (const char *path,
                int         code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsKallsyms) table = cs_kallsyms_load_saved (path, NULL, &error);

  g_assert_null (table);
  g_assert_error (error, CS_DATA_ERROR, code);
  /* The message names the file. */
  if (code == CS_DATA_ERROR_CORRUPT)
    g_assert_nonnull (strstr (error->message, path));
}

/* The compressed copy kept in the cache: a second save is the same file;
 * a cached copy that is not a zstd frame is replaced, never copied. */
static void
test_save_cached (void)
{
  g_autofree char *first = g_build_filename (tmpdir, "first.kallsyms", NULL);
  g_autofree char *second = g_build_filename (tmpdir, "second.kallsyms", NULL);
  g_autofree char *third = g_build_filename (tmpdir, "third.kallsyms", NULL);
  g_autofree char *cache_dir = g_build_filename (g_get_user_cache_dir (), "cyclescope", NULL);
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *cached = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(CsKallsyms) table = NULL;
  gsize a_len = 0, b_len = 0, c_len = 0;
  const char *name;
  guint n_copies = 0;

  if (!need_oracle ())
    return;
  g_assert_true (cs_kallsyms_save_running (first, NULL, NULL, &error));
  g_assert_no_error (error);
  dir = g_dir_open (cache_dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "kallsyms-saved-") && g_str_has_suffix (name, ".zst"))
      {
        g_free (cached);
        cached = g_build_filename (cache_dir, name, NULL);
        n_copies++;
      }
  g_assert_cmpuint (n_copies, ==, 1);

  g_assert_true (cs_kallsyms_save_running (second, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (first, &a, &a_len, NULL));
  g_assert_true (g_file_get_contents (second, &b, &b_len, NULL));
  g_assert_cmpmem (a, a_len, b, b_len);

  /* Damaged cache: compressed afresh, the same symbols, the cache mended. */
  g_assert_true (g_file_set_contents (cached, "not zstd at all", -1, NULL));
  g_assert_true (cs_kallsyms_save_running (third, NULL, NULL, &error));
  g_assert_no_error (error);
  table = cs_kallsyms_load_saved (third, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cs_kallsyms_get_n_symbols (table), ==, oracle->syms->len);
  g_assert_true (g_file_get_contents (cached, &c, &c_len, NULL));
  g_assert_cmpmem (a, a_len, c, c_len);
}

static void
test_damaged (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "damaged-src.kallsyms", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *flipped = NULL;
  g_autofree char *cut = NULL;
  g_autofree char *garbage = NULL;
  g_autofree char *missing = g_build_filename (tmpdir, "no-such.kallsyms", NULL);
  g_autofree char *cache_dir = g_build_filename (tmpdir, "cache", "cyclescope", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gsize len = 0;
  gboolean found_cache = FALSE;

  if (!need_oracle ())
    return;
  g_assert_true (cs_kallsyms_save_running (path, NULL, NULL, &error));
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));

  /* One byte changed in the middle: zstd's checksum (or the format) refuses it. */
  contents[len / 2] ^= 0x55;
  flipped = write_file ("flipped.kallsyms", contents, len);
  assert_corrupt (flipped, CS_DATA_ERROR_CORRUPT);
  contents[len / 2] ^= 0x55;
  cut = write_file ("cut.kallsyms", contents, len / 2);
  assert_corrupt (cut, CS_DATA_ERROR_CORRUPT);
  garbage = write_file ("garbage.kallsyms", "hello, world\n", -1);
  assert_corrupt (garbage, CS_DATA_ERROR_CORRUPT);
  assert_corrupt (missing, CS_DATA_ERROR_IO);

  /* A plain copy of the cache file (written by the save, under the test's
   * $XDG_CACHE_HOME) is read as well. */
  dir = g_dir_open (cache_dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "kallsyms-") && g_str_has_suffix (name, ".bin"))
      {
        g_autofree char *cache_file = g_build_filename (cache_dir, name, NULL);
        g_autofree char *image = NULL;
        g_autofree char *copy = NULL;
        g_autoptr(CsKallsyms) table = NULL;
        g_autoptr(CsKallsymsKey) key = NULL;
        gsize image_len = 0;

        g_assert_true (g_file_get_contents (cache_file, &image, &image_len, NULL));
        copy = write_file ("copy.kallsyms", image, image_len);
        table = cs_kallsyms_load_saved (copy, &key, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (cs_kallsyms_get_n_symbols (table), ==, oracle->syms->len);
        found_cache = TRUE;
      }
  g_assert_true (found_cache);
}

static const char session_head[] =
  "{ \"format\": 1, \"host\": {}, \"command\": { \"argv\": [ \"/bin/true\" ] },"
  "  \"model\": null, \"mode\": \"runs\", \"runs\": [],"
  "  \"sampling_runs\": [ { \"perf_data\": \"sampling-0.perf.data\", \"event\": \"cpu-clock\"";

static CsSession *
load_json (const char  *tail,
           GError     **error)
{
  g_autofree char *json = g_strconcat (session_head, tail, " } ] }", NULL);

  return cs_session_load_from_data (json, -1, "session.json", error);
}

static void
test_session_json (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) old = load_json ("", &error);
  g_autoptr(CsSession) with = NULL;
  g_autoptr(CsSession) again = NULL;
  g_autoptr(CsSession) bad = NULL;
  g_autofree char *dir = g_build_filename (tmpdir, "json.cyclescope", NULL);
  g_autofree char *kallsyms_path = NULL;
  g_autofree char *expected_path = NULL;
  CsSamplingRun *run;

  /* A session written before the field existed. */
  g_assert_no_error (error);
  run = cs_session_get_sampling_run (old, 0);
  g_assert_null (run->kallsyms);
  g_assert_null (run->kallsyms_boot_id);
  cs_session_set_bundle_path (old, dir);
  g_assert_null (cs_session_get_kallsyms_path (old, run));

  with = load_json (", \"kallsyms\": { \"file\": \"sampling-0.kallsyms\", \"boot_id\": \"b-1\","
                    " \"kernel_release\": \"6.1.0-18-amd64\", \"modules_sha256\": \"abc\" }", &error);
  g_assert_no_error (error);
  run = cs_session_get_sampling_run (with, 0);
  g_assert_cmpstr (run->kallsyms, ==, "sampling-0.kallsyms");
  g_assert_cmpstr (run->kallsyms_boot_id, ==, "b-1");
  g_assert_cmpstr (run->kallsyms_release, ==, "6.1.0-18-amd64");
  g_assert_cmpstr (run->kallsyms_modules, ==, "abc");

  /* Saved and read back: the same session. */
  g_assert_true (cs_session_save (with, dir, &error));
  g_assert_no_error (error);
  again = cs_session_load (dir, &error);
  g_assert_no_error (error);
  g_assert_true (cs_session_equal (with, again));
  kallsyms_path = cs_session_get_kallsyms_path (again, cs_session_get_sampling_run (again, 0));
  expected_path = g_build_filename (dir, "sampling-0.kallsyms", NULL);
  g_assert_cmpstr (kallsyms_path, ==, expected_path);
  /* A session differing only there is not equal. */
  g_clear_pointer (&cs_session_get_sampling_run (again, 0)->kallsyms_boot_id, g_free);
  g_assert_false (cs_session_equal (with, again));

  /* Outside the bundle, or not an object: refused, naming the member. */
  bad = load_json (", \"kallsyms\": { \"file\": \"../elsewhere\" }", &error);
  g_assert_null (bad);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "sampling_runs[0].kallsyms.file"));
  g_clear_error (&error);
  bad = load_json (", \"kallsyms\": \"sampling-0.kallsyms\"", &error);
  g_assert_null (bad);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "sampling_runs[0].kallsyms"));
  g_clear_error (&error);
  /* null is "none", like an absent member. */
  bad = load_json (", \"kallsyms\": null", &error);
  g_assert_no_error (error);
  g_assert_null (cs_session_get_sampling_run (bad, 0)->kallsyms);
}

/* The hand-written bundles of tests/fixtures predate the field. */
static void
test_old_fixtures (void)
{
  const char *names[] = { "core2-counts.cyclescope", "nehalem-counts.cyclescope",
                          "software-counts.cyclescope" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (CS_TEST_SRCDIR, "fixtures", names[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(CsSession) session = cs_session_load (path, &error);

      g_assert_no_error (error);
      for (guint r = 0; r < cs_session_get_n_sampling_runs (session); r++)
        g_assert_null (cs_session_get_sampling_run (session, r)->kallsyms);
    }
}

/* A recording of the page-fault workload: mostly kernel samples. */
static const char *
bundle_path (void)
{
  g_autoptr(CsRecordOptions) options = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { workload, "touch", "60000", NULL };

  if (bundle != NULL)
    return bundle;
  bundle = g_build_filename (tmpdir, "touch.cyclescope", NULL);
  options = cs_record_options_new ();
  options->argv = g_strdupv ((char **) argv);
  options->output = g_strdup (bundle);
  options->counting = FALSE;
  options->frequency = 4000;
  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return bundle;
}

static CsProfile *
load_with (const char   *perf_data,
           const char   *saved,
           const char   *boot_id,
           CsSymbolizer *sym)
{
  cs_symbolizer_set_saved_kallsyms (sym, saved);
  cs_symbolizer_set_recording_boot (sym, boot_id);
  return cs_test_load_without_running_kallsyms (perf_data, sym, tmpdir);
}

static gboolean
analysis_warned_other_boot (CsAnalysis *analysis)
{
  return cs_test_strv_has_substring (cs_analysis_get_warnings (analysis), CS_TEST_OTHER_BOOT_TEXT);
}

static void
test_bundle (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(CsSymbolizer) control_sym = cs_symbolizer_new ();
  g_autoptr(CsProfile) profile = NULL;
  g_autoptr(CsProfile) control = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;
  g_autofree char *boot_id = read_trimmed ("/proc/sys/kernel/random/boot_id");
  g_autofree char *perf_data = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *source_path = NULL;
  CsTestKernelSamples ks;
  CsSamplingRun *run;
  struct utsname uts;
  guint64 resolved;

  if (!need_oracle ())
    return;
  session = cs_session_load (bundle_path (), &error);
  g_assert_no_error (error);
  run = cs_session_get_sampling_run (session, 0);
  g_assert_cmpstr (run->kallsyms, ==, "sampling-0.kallsyms");
  g_assert_cmpstr (run->kallsyms_boot_id, ==, boot_id);
  g_assert_true (uname (&uts) == 0);
  g_assert_cmpstr (run->kallsyms_release, ==, uts.release);
  g_assert_nonnull (run->kallsyms_modules);
  perf_data = cs_session_get_perf_data_path (session, run);
  saved = cs_session_get_kallsyms_path (session, run);
  g_assert_true (g_file_test (saved, G_FILE_TEST_IS_REGULAR));

  cs_test_kernel_samples_count (&ks, oracle, perf_data);
  g_test_message ("%" G_GUINT64_FORMAT " kernel samples, %" G_GUINT64_FORMAT " outside every symbol",
                  ks.n_kernel, ks.n_unknown);
  g_assert_cmpuint (ks.n_kernel - ks.n_unknown, >, 0);

  profile = load_with (perf_data, saved, run->kallsyms_boot_id, sym);
  resolved = cs_test_check_kernel_rows (profile, &ks);
  g_assert_cmpuint (resolved, ==, ks.n_kernel - ks.n_unknown);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (sym, &source_path), ==, CS_KERNEL_SYMBOLS_SAVED);
  g_assert_cmpstr (source_path, ==, saved);
  g_assert_false (cs_test_warned_other_boot (sym));

  /* Control: without the saved file the empty /proc stand-in is all there
   * is, and nothing in the kernel resolves. */
  control = load_with (perf_data, NULL, NULL, control_sym);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (control_sym, NULL), ==, CS_KERNEL_SYMBOLS_NONE);
  {
    const CsProfileEvent *e = cs_profile_get_default_event (control);
    g_autoptr(GArray) rows = cs_profile_dup_symbol_table (control, e->index, NULL, 0);

    for (guint i = 0; i < rows->len; i++)
      {
        const CsProfileSymbolRow *row = &g_array_index (rows, CsProfileSymbolRow, i);

        if (row->symbol->module->kind == CS_MODULE_KERNEL)
          g_assert_true (row->symbol->symbol->unknown);
      }
  }

  /* Opening the bundle wires the saved file in. */
  analysis = cs_analysis_load (bundle_path (), NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (cs_profile_get_symbolizer (cs_analysis_get_profile (analysis)), NULL),
                   ==, CS_KERNEL_SYMBOLS_SAVED);
  g_assert_false (analysis_warned_other_boot (analysis));
  cs_test_kernel_samples_clear (&ks);
}

static CsAnalysis *
analyse (const char *path)
{
  g_autoptr(GError) error = NULL;
  CsAnalysis *analysis = cs_analysis_load (path, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return analysis;
}

static void
test_other_boot (void)
{
  g_autofree char *other = NULL;
  g_autofree char *old = NULL;
  g_autofree char *gone = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *cmd = NULL;
  g_autoptr(CsAnalysis) a_other = NULL;
  g_autoptr(CsAnalysis) a_old = NULL;
  g_autoptr(CsAnalysis) a_plain = NULL;
  g_autoptr(CsAnalysis) a_plain_old = NULL;
  CsTestKernelSamples ks;
  struct utimbuf long_ago = { 946684800, 946684800 };  /* 2000-01-01 */

  if (!need_oracle ())
    return;

  /* Saved with another boot's id and then lost: the running kernel's
   * table is used, and the analysis says the names may be wrong. */
  other = cs_test_copy_bundle (bundle_path (), tmpdir, "other-boot.cyclescope", cs_test_edit_other_boot);
  gone = g_build_filename (other, "sampling-0.kallsyms", NULL);
  g_assert_cmpint (g_unlink (gone), ==, 0);
  a_other = analyse (other);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (cs_profile_get_symbolizer (cs_analysis_get_profile (a_other)), NULL),
                   ==, CS_KERNEL_SYMBOLS_RUNNING);
  g_assert_true (analysis_warned_other_boot (a_other));
  /* … and that the saved file could not be read. */
  g_assert_true (cs_test_strv_has_substring (cs_analysis_get_warnings (a_other), "sampling-0.kallsyms"));

  /* A session from before the field: this boot's recording resolves from
   * the running kernel, with no warning, and its kernel rows are right. */
  old = cs_test_copy_bundle (bundle_path (), tmpdir, "old-session.cyclescope", cs_test_edit_drop_kallsyms);
  a_old = analyse (old);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (cs_profile_get_symbolizer (cs_analysis_get_profile (a_old)), NULL),
                   ==, CS_KERNEL_SYMBOLS_RUNNING);
  g_assert_false (analysis_warned_other_boot (a_old));
  {
    g_autofree char *perf_data = g_build_filename (old, "sampling-0.perf.data", NULL);

    cs_test_kernel_samples_count (&ks, oracle, perf_data);
    cs_test_check_kernel_rows (cs_analysis_get_profile (a_old), &ks);
    cs_test_kernel_samples_clear (&ks);
  }

  /* A plain perf.data has no boot id: written during this boot, no
   * warning; dated before this boot began, the warning. */
  plain = g_build_filename (tmpdir, "plain.perf.data", NULL);
  cmd = g_strdup_printf ("cp '%s/sampling-0.perf.data' '%s'", bundle_path (), plain);
  g_assert_cmpint (system (cmd), ==, 0);
  a_plain = analyse (plain);
  g_assert_false (analysis_warned_other_boot (a_plain));
  g_assert_cmpint (utime (plain, &long_ago), ==, 0);
  a_plain_old = analyse (plain);
  g_assert_true (analysis_warned_other_boot (a_plain_old));
}

/* A table whose _text sits 16 MiB below where the recording's kernel map
 * put it (another boot, KASLR): addresses are looked up shifted and
 * reported at the recorded place. Expected values by hand. */
static void
test_relocated (void)
{
  g_autofree char *path = write_file ("reloc-kallsyms",
                                      "ffffffff81000000 T _text\n"
                                      "ffffffff81000100 t helper\n"
                                      "ffffffff81000300 T last_core\n", -1);
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  const CsLocation *loc;
  CsModule *kernel;

  cs_symbolizer_set_kallsyms_path (sym, path);
  cs_symbolizer_set_kernel_reloc (sym, "_text", 0xffffffff82000000);
  kernel = cs_symbolizer_get_module (sym, "[kernel.kallsyms]", NULL, 0);
  loc = cs_symbolizer_resolve_symbol (sym, kernel, 0xffffffff82000150);
  g_assert_false (loc->symbol->unknown);
  g_assert_cmpstr (loc->symbol->name, ==, "helper");
  g_assert_cmphex (loc->symbol->start, ==, 0xffffffff82000100);
  g_assert_cmphex (loc->symbol->size, ==, 0x200);
  loc = cs_symbolizer_resolve_symbol (sym, kernel, 0xffffffff82000010);
  g_assert_cmpstr (loc->symbol->name, ==, "_text");
  /* The unshifted address is below the shifted table's first symbol. */
  loc = cs_symbolizer_resolve_symbol (sym, kernel, 0xffffffff81000150);
  g_assert_true (loc->symbol->unknown);
  g_assert_true (cs_test_warned_other_boot (sym));
}

int
main (int    argc,
      char **argv)
{
  int ret;

  tmpdir = cs_test_kallsyms_tmpdir ();
  g_test_init (&argc, &argv, NULL);
  workload = argc > 1 ? argv[1] : NULL;
  g_assert_nonnull (workload);
  oracle = cs_test_kallsyms_read ("/proc/kallsyms");

  g_test_add_func ("/kallsyms-saved/save-load", test_save_load);
  g_test_add_func ("/kallsyms-saved/save-cached", test_save_cached);
  g_test_add_func ("/kallsyms-saved/damaged", test_damaged);
  g_test_add_func ("/kallsyms-saved/session-json", test_session_json);
  g_test_add_func ("/kallsyms-saved/old-fixtures", test_old_fixtures);
  g_test_add_func ("/kallsyms-saved/bundle", test_bundle);
  g_test_add_func ("/kallsyms-saved/other-boot", test_other_boot);
  g_test_add_func ("/kallsyms-saved/relocated", test_relocated);
  ret = g_test_run ();

  cs_test_kallsyms_free (oracle);
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (bundle);
  return ret;
}
