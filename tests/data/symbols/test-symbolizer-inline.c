/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-symbolizer-inline.c — inline chains of C++ templates and lambdas
 *
 * Every byte of every function of cs-names-cxx (-O2 -g, GCC): each frame of
 * our inline chain has the file, line and function llvm-addr2line gives
 * (LLVM's DWARF reader and demangler, which spells a lambda 'lambda'(int)
 * where libstdc++ writes {lambda(int)#1}: compared after that respelling;
 * a name it cannot demangle is demangled by binutils' c++filt).
 *
 * GCC gives a lambda's operator() no linkage name, so llvm-addr2line calls
 * an inlined lambda body just "operator()"; we name it as its closure type
 * is named in the symbol table. readelf -C lists symbols that carry the
 * closure types (std::function's handler of main's second lambda, the sort
 * of its third): the lambda bodies inlined into those symbols tell, by
 * their source lines, which closure each line belongs to, and every frame
 * we name at such a line must carry that closure's name.
 *
 * Arguments (meson passes them): CS-NAMES-CXX
 */
#include "config.h"

#include "cs-symbolizer.h"
#include "cs-symtest-util.h"

static const char *program;

typedef struct
{
  guint64  address;
  guint64  size;
  char    *name;    /* demangled by readelf */
} ElfFunction;

static void
elf_function_free (gpointer data)
{
  ElfFunction *f = data;

  g_free (f->name);
  g_free (f);
}

/* The FUNC symbols with a size, from `readelf -sW -C`. */
static GPtrArray *
readelf_functions (const char *file)
{
  const char *argv[] = { "readelf", "-sW", "-C", file, NULL };
  g_autofree char *out = symtest_run_ok (argv);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *functions = g_ptr_array_new_with_free_func (elf_function_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char value[32], type[16], bind[16], vis[16], ndx[16];
      guint64 size;
      int name_at = 0;
      ElfFunction *f;

      /* Num: Value Size Type Bind Vis Ndx Name (the name may hold spaces) */
      if (sscanf (lines[i], " %*[0-9]: %31s %" G_GUINT64_FORMAT " %15s %15s %15s %15s %n", value, &size, type,
                  bind, vis, ndx, &name_at) != 6 || name_at == 0 || strcmp (type, "FUNC") != 0 || size == 0 ||
          strcmp (ndx, "UND") == 0 || cs_symtest_is_coverage_code (lines[i] + name_at))
        continue;
      f = g_new0 (ElfFunction, 1);
      f->address = g_ascii_strtoull (value, NULL, 16);
      f->size = size;
      f->name = g_strdup (lines[i] + name_at);
      if (g_hash_table_contains (seen, &f->address))
        {
          elf_function_free (f);
          continue;
        }
      g_hash_table_add (seen, &f->address);
      g_ptr_array_add (functions, f);
    }
  return functions;
}

/* The closure types a demangled name carries ("main::{lambda(int, int)#2}"),
 * each with the scope it is local to. */
static GPtrArray *
closures_in (const char *name)
{
  GPtrArray *closures = g_ptr_array_new_with_free_func (g_free);
  const char *p = name;

  while ((p = strstr (p, "::{lambda(")) != NULL)
    {
      const char *start = p;
      const char *end = strchr (p, '}');
      int depth = 0;

      /* Back over the scope ("main", "names::Walker::run(int)") to the
       * delimiter that starts it at depth 0. */
      while (start > name)
        {
          char c = start[-1];

          if (c == ')' || c == '>')
            depth++;
          else if ((c == '(' || c == '<') && depth > 0)
            depth--;
          else if (depth == 0 && (c == ' ' || c == ',' || c == '<' || c == '('))
            break;
          start--;
        }
      if (end == NULL)
        break;
      g_ptr_array_add (closures, g_strndup (start, end + 1 - start));
      p = end;
    }
  return closures;
}

/* llvm's demangler spells lambdas 'lambda'(int) / 'lambda0'(int) and clone
 * suffixes " (.constprop.0)"; libstdc++'s (ours, readelf's) {lambda(int)#1}
 * / {lambda(int)#2} and " [clone .constprop.0]". */
static char *
gnu_spelling (const char *llvm)
{
  g_autoptr(GRegex) lambda = g_regex_new ("'lambda(\\d*)'\\(([^()]*)\\)", 0, 0, NULL);
  g_autoptr(GRegex) clone = g_regex_new (" \\((\\.[a-z]+\\.\\d+)\\)", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *cloned = NULL;
  const char *p = llvm;

  g_regex_match (lambda, llvm, 0, &m);
  while (g_match_info_matches (m))
    {
      g_autofree char *n = g_match_info_fetch (m, 1);
      g_autofree char *args = g_match_info_fetch (m, 2);
      int start, end;

      g_match_info_fetch_pos (m, 0, &start, &end);
      g_string_append_len (out, p, llvm + start - p);
      g_string_append_printf (out, "{lambda(%s)#%u}", args, *n != '\0' ? (guint) atoi (n) + 2 : 1);
      p = llvm + end;
      g_match_info_next (m, NULL);
    }
  g_string_append (out, p);
  cloned = g_regex_replace (clone, out->str, -1, 0, " [clone \\1]", 0, NULL);
  return g_steal_pointer (&cloned);
}

/* A name llvm's demangler left mangled, demangled by binutils' c++filt. */
static char *
cxxfilt (const char *mangled)
{
  const char *argv[] = { "c++filt", mangled, NULL };
  g_autofree char *out = symtest_run_ok (argv);

  return g_strstrip (g_strdup (out));
}

static char *
line_key (const char *file,
          guint       line)
{
  return g_strdup_printf ("%s:%u", file, line);
}

static void
test_inline_chains (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) functions = readelf_functions (program);
  g_autoptr(GHashTable) line_closure = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) all_frames = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  CsModule *module = cs_symbolizer_get_module (sym, program, NULL, 0);
  guint64 offset, vaddr, filesz;
  guint checked = 0, lambdas = 0, verified = 0;

  readelf_text_segment (program, &offset, &vaddr, &filesz);

  /* llvm-addr2line for every byte of every function; the lines of lambda
   * bodies inlined into a symbol that names one closure type. */
  for (guint f = 0; f < functions->len; f++)
    {
      const ElfFunction *fn = functions->pdata[f];
      g_autoptr(GArray) addresses = every_byte (fn->address, fn->size);
      g_autoptr(GPtrArray) closures = closures_in (fn->name);
      GPtrArray *frames = addr2line_frames_with ("llvm-addr2line", program, addresses);

      g_ptr_array_add (all_frames, frames);
      for (guint i = 0; closures->len == 1 && i < frames->len; i++)
        {
          GArray *chain = frames->pdata[i];

          for (guint k = 0; k < chain->len; k++)
            {
              const A2lFrame *a = &g_array_index (chain, A2lFrame, k);
              g_autofree char *key = NULL;
              const char *known;

              if (g_strcmp0 (a->function, "operator()") != 0 || a->file == NULL)
                continue;
              key = line_key (a->file, a->line);
              known = g_hash_table_lookup (line_closure, key);
              /* A line two closures claim tells nothing. */
              if (known != NULL && strcmp (known, closures->pdata[0]) != 0)
                g_hash_table_replace (line_closure, g_steal_pointer (&key), g_strdup (""));
              else if (known == NULL)
                g_hash_table_insert (line_closure, g_steal_pointer (&key), g_strdup (closures->pdata[0]));
            }
        }
    }
  g_assert_cmpuint (g_hash_table_size (line_closure), >, 0);

  for (guint f = 0; f < functions->len; f++)
    {
      const ElfFunction *fn = functions->pdata[f];
      GPtrArray *frames = all_frames->pdata[f];

      for (guint i = 0; i < frames->len; i++)
        {
          guint64 address = fn->address + i;
          GArray *chain = frames->pdata[i];
          const CsLocation *loc = cs_symbolizer_resolve (sym, module, address - vaddr + offset);

          if (g_array_index (chain, A2lFrame, 0).file == NULL)
            continue;
          if (loc->n_frames != chain->len)
            g_error ("0x%" G_GINT64_MODIFIER "x: %u frames, llvm-addr2line %u (innermost %s)", address,
                     loc->n_frames, chain->len, g_array_index (chain, A2lFrame, 0).function);
          for (guint k = 0; k < chain->len; k++)
            {
              const A2lFrame *want = &g_array_index (chain, A2lFrame, k);
              const CsInlineFrame *got = &loc->frames[k];
              g_autofree char *file = got->file != NULL ? g_canonicalize_filename (got->file, NULL) : NULL;
              g_autofree char *expected = g_str_has_prefix (want->function, "_Z") ? cxxfilt (want->function)
                                                                                 : gnu_spelling (want->function);

              if (g_strcmp0 (file, want->file) != 0 || got->line != want->line)
                g_error ("0x%" G_GINT64_MODIFIER "x frame %u: %s:%u, llvm-addr2line %s:%u", address, k, file,
                         got->line, want->file, want->line);
              if (strcmp (expected, "operator()") == 0 && g_str_has_suffix (got->signature, "}::operator()"))
                {
                  /* A lambda we named: as readelf names its closure. */
                  g_autofree char *key = line_key (want->file, want->line);
                  const char *closure = g_hash_table_lookup (line_closure, key);
                  g_autofree char *name = NULL;

                  lambdas++;
                  if (closure == NULL || *closure == '\0')
                    continue;
                  name = g_strdup_printf ("%s::operator()", closure);
                  if (strcmp (got->signature, name) != 0)
                    g_error ("0x%" G_GINT64_MODIFIER "x frame %u: %s, but readelf's symbols make it %s", address, k,
                             got->signature, name);
                  verified++;
                }
              /* llvm-addr2line names the outermost frame after the symbol
               * table ("main.cold"), we after DWARF, as GNU addr2line does. */
              else if (k == chain->len - 1 && strcmp (expected, fn->name) == 0)
                ;
              else if (g_strcmp0 (got->signature, expected) != 0)
                g_error ("0x%" G_GINT64_MODIFIER "x frame %u: %s, llvm-addr2line %s", address, k, got->signature,
                         expected);
            }
          /* What annotate shows next to an inlined line. */
          if (chain->len > 1 && lambdas > 0 && g_str_has_suffix (loc->frames[0].signature, "}::operator()"))
            g_assert_cmpstr (cs_location_get_inline_name (loc), ==, loc->frames[0].signature);
          checked++;
        }
    }
  g_test_message ("%u addresses agree with llvm-addr2line; %u lambda frames named, %u of them checked "
                  "against readelf", checked, lambdas, verified);
  g_assert_cmpuint (checked, >, 1000);
  g_assert_cmpuint (verified, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 2);
  program = argv[1];
  symtest_need ("llvm-addr2line");
  g_test_add_func ("/symbolizer-inline/chains", CS_TEST_CLANG ? cs_test_skip_clang_dwarf : test_inline_chains);
  return g_test_run ();
}
