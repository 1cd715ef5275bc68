/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-help.c — `cyclescope --help` and every verb's --help
 *
 * argv[1]: the cyclescope binary. The options each verb must offer are the
 * ones the project's issues and docs/cli.md promise (record: -m -e --mode
 * --repeat -F -c -g --regs -o; report: --sort --event --limit --format; …).
 */
#include "config.h"

#include <fcntl.h>
#include <gelf.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "cs-test-util.h"

static const char *cyclescope;

typedef struct
{
  const char *verb;
  int         usage_exit;   /* exit status of a usage error (docs/cli.md) */
  const char *options[16];
} VerbOptions;

static const VerbOptions verbs[] = {
  { "annotate", 1, { "--event", "--format", NULL } },
  { "events", 1, { "--pmu", "--long", "--plan", "--mode", "--repeat", NULL } },
  { "export", 2, { "--chart", "--png", "--svg", "--pdf", "--size", "--scale", "--dark", NULL } },
  { "models", 1, { NULL } },
  { "record", 2, { "-m, --model", "-e, --event", "--mode", "--repeat", "-F, --freq", "-c, --count",
                   "-g, --frame-pointers", "--call-graph=fp|dwarf[,SIZE]", "--regs", "--no-sampling", "--no-counting", "--dry-run",
                   "-o, --output", NULL } },
  { "report", 1, { "--format", "--sort", "--event", "--limit", "--region", NULL } },
};

/* Standard output of `cyclescope ARG1 ARG2`, which must succeed silently
 * on standard error. */
static char *
run_ok (const char *arg1,
        const char *arg2)
{
  const char *argv[] = { cyclescope, arg1, arg2, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  return g_steal_pointer (&r.out);
}

static void
test_main_help (void)
{
  g_autofree char *out = run_ok ("--help", NULL);
  g_autofree char *version = run_ok ("--version", NULL);

  g_assert_true (g_str_has_prefix (out, "Usage: cyclescope "));
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    {
      g_autofree char *line = g_strdup_printf ("\n  %s ", verbs[i].verb);
      g_assert_nonnull (strstr (out, line));
    }
  g_assert_nonnull (strstr (out, "cyclescope VERB --help"));
  g_assert_true (g_str_has_prefix (version, "cyclescope "));
}

static void
test_verb_help (gconstpointer data)
{
  const VerbOptions *v = data;
  g_autofree char *out = run_ok (v->verb, "--help");
  g_autofree char *usage = g_strdup_printf ("cyclescope %s [OPTION…]", v->verb);

  g_assert_nonnull (strstr (out, "Usage:"));
  /* The usage line names the verb, so it can be copied as it stands. */
  g_assert_nonnull (strstr (out, usage));
  g_assert_nonnull (strstr (out, "--help"));
  for (guint i = 0; v->options[i] != NULL; i++)
    {
      g_test_message ("%s: %s", v->verb, v->options[i]);
      g_assert_nonnull (strstr (out, v->options[i]));
    }
}

/* A mistyped option is an error naming the option: exit 1, or 2 for the
 * verbs that tell usage errors apart (record, export). */
static void
test_bad_option (gconstpointer data)
{
  const VerbOptions *v = data;
  const char *argv[] = { cyclescope, v->verb, "--no-such-option", NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, v->usage_exit);
  g_assert_nonnull (strstr (r.err, "--no-such-option"));
}

/* DT_NEEDED entries of the ELF file at @path. */
static GPtrArray *
needed_libraries (const char *path)
{
  GPtrArray *needed = g_ptr_array_new_with_free_func (g_free);
  int fd = open (path, O_RDONLY);
  Elf *elf;
  Elf_Scn *scn = NULL;

  g_assert_cmpint (fd, >=, 0);
  elf_version (EV_CURRENT);
  elf = elf_begin (fd, ELF_C_READ, NULL);
  g_assert_nonnull (elf);
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr shdr;
      Elf_Data *data;

      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type != SHT_DYNAMIC)
        continue;
      data = elf_getdata (scn, NULL);
      for (gsize i = 0; data != NULL && i < shdr.sh_size / shdr.sh_entsize; i++)
        {
          GElf_Dyn dyn;

          if (gelf_getdyn (data, (int) i, &dyn) != NULL && dyn.d_tag == DT_NEEDED)
            g_ptr_array_add (needed, g_strdup (elf_strptr (elf, shdr.sh_link, dyn.d_un.d_val)));
        }
    }
  elf_end (elf);
  close (fd);
  return needed;
}

/* The front end's start-up is part of every recorded run's wall time: it
 * must not load the symbolizer, the disassembler, the chart renderer or GTK
 * (those verbs run in cyclescope-analyze, see app/main.c). */
static void
test_lean_front_end (void)
{
  static const char *heavy[] = { "libdw", "libcapstone", "libcairo", "libpango", "libgtk",
                                 "libstdc++" };
  g_autoptr(GPtrArray) needed = needed_libraries (cyclescope);
  gboolean has_pfm = FALSE;

  for (guint i = 0; i < needed->len; i++)
    {
      const char *lib = g_ptr_array_index (needed, i);

      g_test_message ("DT_NEEDED %s", lib);
      has_pfm |= g_str_has_prefix (lib, "libpfm");
      for (guint h = 0; h < G_N_ELEMENTS (heavy); h++)
        {
          /* UBSan's runtime needs the C++ one: not the program's doing. */
          if (CS_TEST_SANITIZED && strcmp (heavy[h], "libstdc++") == 0)
            continue;
          g_assert_false (g_str_has_prefix (lib, heavy[h]));
        }
    }
  /* The list was read: recording needs libpfm4. */
  g_assert_true (has_pfm);
}

/* Without cyclescope-analyze beside it (and not installed), a profile verb
 * says which program is missing instead of failing obscurely. */
static void
test_missing_analyze (void)
{
  g_autofree char *installed = g_build_filename (CS_LIBEXECDIR, "cyclescope-analyze", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (g_file_test (installed, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("cyclescope-analyze is installed: the fallback would find it");
      return;
    }
  dir = g_dir_make_tmp ("cs-cli-XXXXXX", NULL);
  copy = g_build_filename (dir, "cyclescope", NULL);
  g_assert_true (g_file_get_contents (cyclescope, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy, contents, (gssize) length, NULL));
  g_assert_cmpint (g_chmod (copy, 0755), ==, 0);
  {
    const char *argv[] = { copy, "report", "x.cyclescope", NULL };
    /* Not the build tree's helpers either (the test environment names them). */
    g_auto(GStrv) envp = g_environ_unsetenv (g_get_environ (), "CYCLESCOPE_LIBEXECDIR");
    g_auto(CsTestOutput) r = cs_test_output (argv, (const char * const *) envp);

    g_assert_cmpint (cs_test_output_exit_code (&r), ==, 1);
    g_assert_nonnull (strstr (r.err, "cyclescope report: "));
    g_assert_nonnull (strstr (r.err, "cyclescope-analyze"));
    g_assert_nonnull (strstr (r.err, installed));
  }
  g_unlink (copy);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  cyclescope = cs_test_init_cli (&argc, &argv);

  g_test_add_func ("/cli-help/lean-front-end", test_lean_front_end);
  g_test_add_func ("/cli-help/missing-analyze", test_missing_analyze);

  g_test_add_func ("/cli-help/main", test_main_help);
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    {
      g_autofree char *help = g_strdup_printf ("/cli-help/%s", verbs[i].verb);
      g_autofree char *bad = g_strdup_printf ("/cli-help/%s/bad-option", verbs[i].verb);

      g_test_add_data_func (help, &verbs[i], test_verb_help);
      g_test_add_data_func (bad, &verbs[i], test_bad_option);
    }

  return g_test_run ();
}
