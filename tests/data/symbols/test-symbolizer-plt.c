/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-symbolizer-plt.c — PLT entries named after their relocations
 *
 * objdump labels every PLT entry from the relocation it jumps through
 * ("sin@plt"; binutils' synthetic symbols, no code shared with ours), and
 * readelf gives the executable segment: each byte of each entry must
 * resolve to that name, and the PLT's header to ".plt", as perf names them.
 * And each function readelf's JUMP_SLOT relocations name has its entry.
 * Three layouts: a lazy .plt (the plugin), a .plt.sec (the same plugin built
 * with -fcf-protection -z ibtplt) and an executable's .plt with a .plt.got.
 *
 * Arguments (meson passes them): LIBCSNAMESPLUGIN.SO LIBCSNAMESPLUGINSEC.SO
 * CS-NAMES-LIBC
 */
#include "config.h"

#include "cs-symbolizer.h"
#include "cs-symtest-util.h"

typedef struct
{
  guint64  address;
  char    *name;
} PltLabel;

static void
plt_label_free (gpointer data)
{
  PltLabel *l = data;

  g_free (l->name);
  g_free (l);
}

/* objdump's labels in the PLT sections, with the section each is in. The
 * header of a lazy .plt is labelled after its first entry ("free@plt-0x10"):
 * that is ".plt" (perf's name for it). */
static GPtrArray *
objdump_plt_labels (const char *file,
                    guint      *n_sec)
{
  const char *argv[] = { "objdump", "-d", "-j", ".plt", "-j", ".plt.sec", "-j", ".plt.got", file, NULL };
  g_autofree char *out = symtest_run_ok (argv);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *labels = g_ptr_array_new_with_free_func (plt_label_free);
  g_autofree char *section = NULL;

  *n_sec = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char name[512];
      guint64 address;
      PltLabel *l;

      if (g_str_has_prefix (lines[i], "Disassembly of section "))
        {
          g_free (section);
          section = g_strdup (lines[i] + strlen ("Disassembly of section "));
          continue;
        }
      if (sscanf (lines[i], "%" G_GINT64_MODIFIER "x <%511[^>]>:", &address, name) != 2)
        continue;
      l = g_new0 (PltLabel, 1);
      l->address = address;
      l->name = g_strdup (strstr (name, "@plt-0x") != NULL ? ".plt" : name);
      g_ptr_array_add (labels, l);
      if (g_strcmp0 (section, ".plt.sec:") == 0)
        (*n_sec)++;
    }
  return labels;
}

/* The functions `readelf -rW` says the PLT's relocations (JUMP_SLOT)
 * resolve, without their version ("sin", not "sin@GLIBC_2.2.5"). */
static GPtrArray *
readelf_plt_functions (const char *file)
{
  const char *argv[] = { "readelf", "-rW", file, NULL };
  g_autofree char *out = symtest_run_ok (argv);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char name[512];

      /* Offset Info Type Value Name + Addend */
      if (strstr (lines[i], "_JUMP_SLOT") == NULL ||
          sscanf (lines[i], "%*s %*s %*s %*s %511s", name) != 1)
        continue;
      g_ptr_array_add (names, g_strndup (name, strcspn (name, "@")));
    }
  return names;
}

static void
check_file (const char *file,
            gboolean    want_sec)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) labels = NULL;
  CsModule *module = cs_symbolizer_get_module (sym, file, NULL, 0);
  guint64 offset, vaddr, filesz;
  guint n_sec = 0, n_entries = 0;

  readelf_text_segment (file, &offset, &vaddr, &filesz);
  labels = objdump_plt_labels (file, &n_sec);
  g_assert_cmpuint (labels->len, >=, 3);
  if (want_sec)
    g_assert_cmpuint (n_sec, >=, 3);
  for (guint i = 0; i < labels->len; i++)
    {
      const PltLabel *l = labels->pdata[i];
      /* An entry runs to the next label (16 bytes here), or 8 bytes for
       * the last one (.plt.got entries are 8 bytes on x86-64). */
      guint64 end = i + 1 < labels->len ? ((PltLabel *) labels->pdata[i + 1])->address : l->address + 8;

      if (g_str_has_suffix (l->name, "@plt"))
        n_entries++;
      for (guint64 a = l->address; a < end && a < l->address + 16; a++)
        {
          const CsLocation *loc = cs_symbolizer_resolve_symbol (sym, module, a - vaddr + offset);

          if (loc->symbol->unknown || g_strcmp0 (loc->symbol->name, l->name) != 0)
            g_error ("%s: 0x%" G_GINT64_MODIFIER "x is %s for objdump, %s for us", file, a, l->name,
                     loc->symbol->name);
        }
    }
  g_assert_cmpuint (n_entries, >=, 3);

  /* Every function readelf's relocations give the PLT has its entry, by
   * the name perf gives it. */
  {
    g_autoptr(GPtrArray) functions = readelf_plt_functions (file);
    g_autoptr(GHashTable) named = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

    for (guint i = 0; i < labels->len; i++)
      {
        const PltLabel *l = labels->pdata[i];

        g_hash_table_add (named, g_strdup (cs_symbolizer_resolve_symbol (sym, module,
                                                                         l->address - vaddr + offset)->symbol->name));
      }
    g_assert_cmpuint (functions->len, >=, 3);
    for (guint i = 0; i < functions->len; i++)
      {
        g_autofree char *name = g_strdup_printf ("%s@plt", (char *) functions->pdata[i]);

        if (!g_hash_table_contains (named, name))
          g_error ("%s: readelf's relocation for %s, but no entry %s", file, (char *) functions->pdata[i], name);
      }
  }
}

static const char *lazy_plugin;
static const char *sec_plugin;
static const char *executable;

static void
test_lazy_plt (void)
{
  check_file (lazy_plugin, FALSE);
}

static void
test_plt_sec (void)
{
  check_file (sec_plugin, TRUE);
}

static void
test_executable (void)
{
  check_file (executable, FALSE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 4);
  lazy_plugin = argv[1];
  sec_plugin = argv[2];
  executable = argv[3];
  g_test_add_func ("/symbolizer-plt/lazy", test_lazy_plt);
  g_test_add_func ("/symbolizer-plt/plt-sec", test_plt_sec);
  g_test_add_func ("/symbolizer-plt/executable", test_executable);
  return g_test_run ();
}
