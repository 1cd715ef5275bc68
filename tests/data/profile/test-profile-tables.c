/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-profile-tables.c — symbol, line and instruction tables against binutils
 *
 * Recordings are made with `perf record` at test time; what the tables must
 * say comes from nm, addr2line and the ELF files, never from our code:
 *
 *   - a stripped shared library gives "libcssymtest.so+0x…" rows for its
 *     static functions, never the neighbouring exported symbol;
 *   - C++ rows carry the demangled signature nm -C prints;
 *   - inlined code: the symbol table gives a sample to the function the
 *     compiler emitted (hot_loop, which has mix() inlined), the line table
 *     to the address's own line, inside mix(), as `addr2line -i` prints it
 *     first (this is what perf does with --sort sym and --sort srcline);
 *   - the instruction table lies inside the symbol's ELF range (nm) and its
 *     samples add up to the symbol's; each sampled instruction's line is
 *     addr2line's.
 *
 * Arguments (meson passes them): CS-SYMTEST LIBCSSYMTEST.SO
 * LIBCSSYMTEST-STRIPPED.SO PROFILE-WORKLOAD. Exits 77 without perf.
 */
#include "config.h"

#include "cs-profile.h"
#include "cs-profile-test-util.h"
#include "cs-symtest-util.h"

static char *perf;
static char *symtest;
static char *lib_path;
static char *stripped_path;
static char *tmpdir;
static char *plain_data;     /* cs-symtest with its own library */
static char *stripped_data;  /* the same over the stripped copy */

static CsProfile *
load (const char *file)
{
  g_autoptr(GError) error = NULL;
  CsProfile *profile = cs_profile_load (file, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (profile);
  return profile;
}

static const CsProfileModule *
module_named (CsProfile  *profile,
              const char *name)
{
  const CsProfileModule *m = cs_profile_find_module (profile, name);

  if (m == NULL)
    g_error ("no module %s in the profile", name);
  return m;
}

static const CsProfileSymbol *
symbol_named (CsProfile  *profile,
              const char *display_name)
{
  g_autoptr(GPtrArray) found = cs_profile_find_symbols (profile, display_name);

  if (found->len == 0)
    g_error ("no sampled symbol %s", display_name);
  return found->pdata[0];
}

static const NmSymbol *
nm_covering (GPtrArray *symbols,
             guint64    address)
{
  for (guint i = 0; i < symbols->len; i++)
    {
      const NmSymbol *s = symbols->pdata[i];

      if (address >= s->address && address < s->address + MAX (s->size, 1))
        return s;
    }
  return NULL;
}

static void
test_stripped (void)
{
  g_autoptr(CsProfile) profile = load (stripped_data);
  const CsProfileEvent *e = cs_profile_get_default_event (profile);
  const CsProfileModule *lib = module_named (profile, "libcssymtest.so");
  g_autoptr(GArray) rows = cs_profile_dup_symbol_table (profile, e->index, lib, 0);
  g_autoptr(GPtrArray) full = nm_functions (lib_path, FALSE);         /* the unstripped .symtab */
  g_autoptr(GPtrArray) dynamic = nm_functions (stripped_path, TRUE);  /* what is left */
  guint64 unknown_samples = 0;
  guint n_unknown = 0;

  g_assert_true (g_str_has_prefix (lib->path, tmpdir));
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileSymbolRow *r = &g_array_index (rows, CsProfileSymbolRow, i);
      const CsSymbol *sym = r->symbol->symbol;

      if (sym->unknown)
        {
          g_autofree char *expect = g_strdup_printf ("libcssymtest.so+0x%" G_GINT64_MODIFIER "x", sym->start);
          const NmSymbol *truth = nm_covering (full, sym->start);

          g_assert_cmpstr (r->symbol->display_name, ==, expect);
          /* Never inside an exported function: that would have been a
           * neighbour's name in disguise. */
          g_assert_null (nm_covering (dynamic, sym->start));
          /* A static helper of the library (or code no function covers,
           * such as the PLT): nothing that had a name left. */
          if (truth != NULL)
            {
              /* The library's own static helpers, or the start-up and
               * exit code the toolchain adds (_init, frame_dummy, …):
               * a sample lands there now and then. */
              static const char * const runtime[] = { "_init", "_fini", "frame_dummy", "register_tm_clones",
                                                      "deregister_tm_clones", "__do_global_dtors_aux", NULL };

              if (!g_str_has_prefix (truth->name, "_ZL") && !g_strv_contains (runtime, truth->name))
                g_error ("unnamed row inside %s, which is no static helper of the library", truth->name);
              if (strstr (truth->demangled, "lib_hidden_") != NULL)
                unknown_samples += r->samples;
            }
          n_unknown++;
        }
      else if (!g_str_has_suffix (sym->mangled, "@plt"))
        {
          /* Named rows are exported symbols with their own ELF range (or
           * PLT entries, which symbolizer-plt checks). */
          const NmSymbol *s = nm_find_alias (dynamic, sym->start, sym->mangled);

          g_assert_nonnull (s);
          g_assert_cmpuint (s->size, ==, sym->size);
        }
    }
  /* lib_hidden_distance() is about a sixth of the run (cs-symtest): its
   * samples must be there, under addresses. */
  g_assert_cmpuint (n_unknown, >, 0);
  g_assert_cmpuint (unknown_samples, >, e->n_samples / 20);
}

static void
test_cxx_signatures (void)
{
  g_autoptr(CsProfile) profile = load (plain_data);
  const CsProfileEvent *e = cs_profile_get_default_event (profile);
  const CsProfileModule *exe = module_named (profile, "cs-symtest");
  g_autoptr(GArray) rows = cs_profile_dup_symbol_table (profile, e->index, exe, 0);
  g_autoptr(GPtrArray) nm = nm_functions (symtest, FALSE);
  gboolean seen_template = FALSE;

  g_assert_cmpuint (rows->len, >=, 3);
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileSymbolRow *r = &g_array_index (rows, CsProfileSymbolRow, i);
      const CsSymbol *sym = r->symbol->symbol;
      const NmSymbol *s;

      /* PLT entries ("cos@plt") are no nm symbols: symbolizer-plt checks
       * them against objdump and readelf. */
      if (sym->unknown || g_str_has_suffix (sym->mangled, "@plt"))
        continue;
      s = nm_find_alias (nm, sym->start, sym->mangled);
      g_assert_nonnull (s);
      g_assert_cmpstr (sym->signature, ==, s->demangled);
      if (g_str_equal (s->demangled, "cssym::work::Kernel<float>::run(float const*, unsigned long, int)"))
        {
          /* perf's way of printing it, and seed 000's short name */
          g_assert_cmpstr (r->symbol->display_name, ==, "cssym::work::Kernel<float>::run");
          g_assert_cmpstr (sym->name, ==, "run");
          seen_template = TRUE;
        }
    }
  g_assert_true (seen_template);
}

/* By base name; NULL is addr2line's "??". */
static gboolean
same_file (const char *ours,
           const char *theirs)
{
  g_autofree char *a = ours != NULL ? g_path_get_basename (ours) : g_strdup ("??");
  g_autofree char *b = theirs != NULL ? g_path_get_basename (theirs) : g_strdup ("??");

  return g_str_equal (a, b);
}

static void
test_inline_lines_instructions (void)
{
  g_autoptr(CsProfile) profile = load (plain_data);
  const CsProfileEvent *e = cs_profile_get_default_event (profile);
  const CsProfileSymbol *hot = symbol_named (profile, "cssym::work::hot_loop");
  g_autoptr(GPtrArray) nm = nm_functions (symtest, FALSE);
  const NmSymbol *range = nm_find (nm, "cssym::work::hot_loop(");
  const GArray *insns = cs_profile_get_insn_table (profile, e->index, hot);
  const GArray *lines = cs_profile_get_line_table (profile, e->index, hot);
  g_autoptr(GArray) sampled = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GPtrArray) truth = NULL;   /* addr2line's frames of each sampled address */
  g_autoptr(GPtrArray) mix = cs_profile_find_symbols (profile, "mix");
  guint64 insn_sum = 0, line_sum = 0, inline_samples = 0;

  g_assert_nonnull (range);
  g_assert_cmpuint (hot->samples[e->index], >, 50);
  /* The symbol table attributes inlined code to the emitted function. */
  g_assert_cmpuint (mix->len, ==, 0);

  g_assert_cmpuint (insns->len, >, 5);
  for (guint i = 0; i < insns->len; i++)
    {
      const CsProfileInsnRow *r = &g_array_index (insns, CsProfileInsnRow, i);

      g_assert_cmphex (r->address, >=, range->address);
      g_assert_cmphex (r->address, <, range->address + range->size);
      /* disassembled from the file: every instruction has its text */
      g_assert_nonnull (r->text);
      insn_sum += r->samples;
      if (r->samples > 0)
        g_array_append_val (sampled, r->address);
    }
  g_assert_cmpuint (insn_sum, ==, hot->samples[e->index]);
  /* contiguous: each instruction starts where the previous one ended */
  for (guint i = 1; i < insns->len; i++)
    g_assert_cmphex (g_array_index (insns, CsProfileInsnRow, i).address, ==,
                     g_array_index (insns, CsProfileInsnRow, i - 1).address + g_array_index (insns, CsProfileInsnRow, i - 1).size);

  truth = addr2line_frames (symtest, sampled);
  g_assert_cmpuint (truth->len, ==, sampled->len);
  for (guint i = 0, k = 0; i < insns->len; i++)
    {
      const CsProfileInsnRow *r = &g_array_index (insns, CsProfileInsnRow, i);
      GArray *frames;
      const A2lFrame *a;
      gboolean found = FALSE;

      if (r->samples == 0)
        continue;
      frames = g_ptr_array_index (truth, k++);
      g_assert_cmpuint (frames->len, >, 0);
      a = &g_array_index (frames, A2lFrame, 0);
      if (!same_file (r->file, a->file) || r->line != a->line)
        g_error ("0x%" G_GINT64_MODIFIER "x: we say %s:%u, addr2line %s:%u", r->address,
                 r->file, r->line, a->file, a->line);
      /* The line table has this sample under the same line, named after
       * the inlined function when addr2line shows one. */
      for (guint j = 0; j < lines->len; j++)
        {
          const CsProfileLineRow *l = &g_array_index (lines, CsProfileLineRow, j);

          if (l->line != r->line || g_strcmp0 (l->file, r->file) != 0)
            continue;
          if (frames->len > 1)
            {
              g_autofree char *short_name = g_strndup (a->function, strcspn (a->function, "("));
              const char *colon = g_strrstr (short_name, "::");

              /* At the first address of an inlined range addr2line may
               * name the outer function for the inner frame (while
               * giving the inner frame's line): then only require that
               * we saw an inline frame too. */
              if (l->inline_name == NULL ||
                  (!g_str_has_prefix (a->function, "cssym::work::hot_loop(") &&
                   !g_str_equal (l->inline_name, colon ? colon + 2 : short_name)))
                continue;
            }
          else if (l->inline_name != NULL)
            continue;
          found = TRUE;
        }
      if (!found)
        {
          for (guint j = 0; j < lines->len; j++)
            {
              const CsProfileLineRow *l = &g_array_index (lines, CsProfileLineRow, j);

              g_test_message ("line row %s:%u inline %s", l->file, l->line, l->inline_name);
            }
          g_error ("0x%" G_GINT64_MODIFIER "x (%s:%u): no line row for addr2line's %u frames, innermost %s",
                   r->address, r->file, r->line, frames->len, a->function);
        }
    }

  for (guint j = 0; j < lines->len; j++)
    {
      const CsProfileLineRow *l = &g_array_index (lines, CsProfileLineRow, j);

      line_sum += l->samples;
      if (g_strcmp0 (l->inline_name, "mix") == 0)
        inline_samples += l->samples;
    }
  g_assert_cmpuint (line_sum, ==, hot->samples[e->index]);
  /* mix() is the loop's arithmetic: most of hot_loop's samples. */
  g_assert_cmpuint (inline_samples, >, 0);
}

int
main (int    argc,
      char **argv)
{
  const char *rec[] = { "-F", "20000", "-e", "cpu-clock", NULL };
  g_autofree char *copy = NULL;
  g_autofree char *env = NULL;
  g_autofree char *home_plain = NULL;
  g_autofree char *home_stripped = NULL;
  g_autoptr(GError) error = NULL;
  gchar *contents = NULL;
  gsize len = 0;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 5)
    g_error ("usage: test-profile-tables CS-SYMTEST LIB STRIPPED-LIB PROFILE-WORKLOAD");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  symtest = argv[1];
  lib_path = argv[2];
  stripped_path = argv[3];
  tmpdir = cs_test_mkdtemp ();

  /* perf record keeps what it recorded in its build-id cache ($HOME/.debug)
   * and perf report, like us, reads a stripped file's symbols from the
   * unstripped copy cached under the same build-id: the stripped case must
   * not find the plain case's copy, nor one of another test. */
  home_plain = g_build_filename (tmpdir, "home-plain", NULL);
  home_stripped = g_build_filename (tmpdir, "home-stripped", NULL);
  g_assert_cmpint (g_mkdir (home_plain, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (home_stripped, 0700), ==, 0);
  g_setenv ("HOME", home_plain, TRUE);
  plain_data = g_build_filename (tmpdir, "plain.data", NULL);
  {
    const char *cmd[] = { symtest, "3000", NULL };
    profile_record (perf, plain_data, rec, cmd);
  }
  g_setenv ("HOME", home_stripped, TRUE);
  /* The stripped copy under the library's own name, found first through
   * LD_LIBRARY_PATH (cs-symtest has a RUNPATH, which it overrides). */
  copy = g_build_filename (tmpdir, "libcssymtest.so", NULL);
  g_assert_true (g_file_get_contents (stripped_path, &contents, &len, &error));
  g_assert_true (g_file_set_contents (copy, contents, len, &error));
  g_free (contents);
  stripped_data = g_build_filename (tmpdir, "stripped.data", NULL);
  env = g_strdup_printf ("LD_LIBRARY_PATH=%s", tmpdir);
  {
    const char *cmd[] = { "/usr/bin/env", env, symtest, "3000", NULL };
    profile_record (perf, stripped_data, rec, cmd);
  }

  g_test_add_func ("/profile-tables/stripped-library", test_stripped);
  g_test_add_func ("/profile-tables/cxx-signatures", test_cxx_signatures);
  g_test_add_func ("/profile-tables/inline-lines-instructions", test_inline_lines_instructions);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  return status;
}
