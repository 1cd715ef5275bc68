/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symtest-util.h — independent oracles for the symbolizer tests
 *
 * Everything the symbolizer tests compare with comes from binutils (nm,
 * readelf, addr2line, objcopy) or from the kernel (/proc/PID/maps, dlsym),
 * never from libdwfl.
 */
#pragma once

#include <glib.h>
#include <string.h>

#include "cs-address-space.h"
#include "cs-test-util.h"

typedef struct
{
  guint64  address;
  guint64  size;       /* 0 when nm printed none */
  char     type;
  char    *name;       /* mangled */
  char    *demangled;  /* nm -C */
} NmSymbol;

static inline void
nm_symbol_free (gpointer data)
{
  NmSymbol *s = data;

  g_free (s->name);
  g_free (s->demangled);
  g_free (s);
}

/* Runs a binutils tool (looked up in PATH) and returns its output. */
static inline char *
symtest_run_ok (const char * const *argv)
{
  g_autofree char *program = g_find_program_in_path (argv[0]);
  g_autofree char *err = NULL;
  g_autofree const char **full = NULL;
  guint n = g_strv_length ((char **) argv);
  int status = 0;
  char *out;

  g_assert_nonnull (program);
  full = g_memdup2 (argv, (n + 1) * sizeof (char *));
  full[0] = program;
  out = cs_test_run (full, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", argv[0], err);
  return out;
}

/* Ends the test program as skipped (exit 77) when @tool is not installed:
 * call before any test runs. */
static inline void
symtest_need (const char *tool)
{
  g_autofree char *path = g_find_program_in_path (tool);

  if (path != NULL)
    return;
  g_printerr ("%s is not installed: skipped\n", tool);
  exit (CS_TEST_SKIP_EXIT);
}

static inline gboolean
is_hex16 (const char *s)
{
  return strspn (s, "0123456789abcdef") == 16;
}

/* "ADDR [SIZE] TYPE NAME…" */
static inline gboolean
nm_parse_line (const char *line,
               guint64    *address,
               guint64    *size,
               char       *type,
               const char **name)
{
  char *end = NULL;

  if (strlen (line) < 19 || line[16] != ' ' || !is_hex16 (line))
    return FALSE;
  *address = g_ascii_strtoull (line, &end, 16);
  *size = 0;
  line += 17;
  if (strlen (line) > 19 && line[16] == ' ' && line[18] == ' ' && is_hex16 (line))
    {
      *size = g_ascii_strtoull (line, &end, 16);
      line += 17;
    }
  if (line[1] != ' ')
    return FALSE;
  *type = line[0];
  *name = line + 2;
  return TRUE;
}

/* Function symbols (t, T, w, W) of @file: its .symtab, or with @dynamic its
 * .dynsym. nm prints both listings in the same order, so line i of the
 * demangled listing names the same symbol as line i of the raw one. */
static inline GPtrArray *
nm_functions (const char *file,
              gboolean    dynamic)
{
  const char *argv_raw[] = { "nm", "-S", "--defined-only", dynamic ? "-D" : file,
                             dynamic ? file : NULL, NULL };
  const char *argv_dem[] = { "nm", "-S", "-C", "--defined-only", dynamic ? "-D" : file,
                             dynamic ? file : NULL, NULL };
  g_autofree char *raw_out = symtest_run_ok (argv_raw);
  g_autofree char *dem_out = symtest_run_ok (argv_dem);
  g_auto(GStrv) raw = g_strsplit (raw_out, "\n", -1);
  g_auto(GStrv) dem = g_strsplit (dem_out, "\n", -1);
  GPtrArray *ret = g_ptr_array_new_with_free_func (nm_symbol_free);

  g_assert_cmpuint (g_strv_length (raw), ==, g_strv_length (dem));
  for (guint i = 0; raw[i] != NULL; i++)
    {
      NmSymbol *s;
      guint64 address, size, address2, size2;
      const char *name, *demangled;
      char type, type2;
      char *at;

      if (!nm_parse_line (raw[i], &address, &size, &type, &name) ||
          !nm_parse_line (dem[i], &address2, &size2, &type2, &demangled))
        continue;
      g_assert_cmphex (address, ==, address2);
      if (strchr ("tTwW", type) == NULL)
        continue;
      s = g_new0 (NmSymbol, 1);
      s->address = address;
      s->size = size;
      s->type = type;
      s->name = g_strdup (name);
      s->demangled = g_strdup (demangled);
      /* Symbol versions of dynamic symbols: "name@@VERS". */
      if ((at = strchr (s->name, '@')) != NULL)
        *at = '\0';
      if ((at = strstr (s->demangled, "@")) != NULL && dynamic)
        *at = '\0';
      g_ptr_array_add (ret, s);
    }
  return ret;
}

/* The run-time address @offset bytes into function @name of @path (its
 * nm @symbols), where the text segment at ELF address @text_vaddr is mapped
 * at @base. */
static inline guint64
nm_mapped_address (GPtrArray  *symbols,
                   const char *path,
                   const char *name,
                   guint64     offset,
                   guint64     base,
                   guint64     text_vaddr)
{
  for (guint i = 0; i < symbols->len; i++)
    {
      const NmSymbol *sym = symbols->pdata[i];

      if (g_str_equal (sym->name, name))
        {
          g_assert_cmpuint (offset, <, MAX (sym->size, 1));
          return base + sym->address - text_vaddr + offset;
        }
    }
  g_error ("no function %s in %s", name, path);
}

/* Is @name (raw or demangled) one of the symbols at @address? Aliases such
 * as the C1/C2 constructors share an address. */
static inline const NmSymbol *
nm_find_alias (GPtrArray  *symbols,
               guint64     address,
               const char *name)
{
  for (guint i = 0; i < symbols->len; i++)
    {
      const NmSymbol *s = symbols->pdata[i];

      if (s->address == address && (g_strcmp0 (s->name, name) == 0 ||
                                     g_strcmp0 (s->demangled, name) == 0))
        return s;
    }
  return NULL;
}

static inline const NmSymbol *
nm_find (GPtrArray  *symbols,
         const char *demangled_prefix)
{
  for (guint i = 0; i < symbols->len; i++)
    {
      const NmSymbol *s = symbols->pdata[i];

      if (g_str_has_prefix (s->demangled, demangled_prefix))
        return s;
    }
  return NULL;
}

/* Lower-case hex build-id printed by `readelf -n`. */
static inline char *
readelf_build_id (const char *file)
{
  const char *argv[] = { "readelf", "-n", file, NULL };
  g_autofree char *out = symtest_run_ok (argv);
  const char *p = strstr (out, "Build ID: ");

  g_assert_nonnull (p);
  p += strlen ("Build ID: ");
  return g_strndup (p, strspn (p, "0123456789abcdef"));
}

static inline GBytes *
hex_to_bytes (const char *hex)
{
  gsize n = strlen (hex) / 2;
  guint8 *bits = g_malloc (n);

  for (gsize i = 0; i < n; i++)
    bits[i] = (g_ascii_xdigit_value (hex[2 * i]) << 4) | g_ascii_xdigit_value (hex[2 * i + 1]);
  return g_bytes_new_take (bits, n);
}

/* Feeds /proc/PID/maps text as perf's synthesized MMAP2 records. Mappings
 * of @build_id_file get @build_id (MMAP2's build-id form). */
static inline void
feed_maps (CsAddressSpace *space,
           gint32          pid,
           const char     *maps,
           const char     *build_id_file,
           GBytes         *build_id)
{
  g_auto(GStrv) lines = g_strsplit (maps, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 start, end, offset;
      char perms[8] = { 0 };
      char *path;
      char *p = lines[i];
      guint32 prot = 0;
      int fields = 0;
      gboolean ours;

      if (sscanf (p, "%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x %4s %" G_GINT64_MODIFIER
                  "x %*s %*s %n", &start, &end, perms, &offset, &fields) < 4 || fields == 0)
        continue;
      path = g_strstrip (p + fields);
      if (path[0] == '\0')
        continue;
      prot = (perms[0] == 'r' ? 1 : 0) | (perms[1] == 'w' ? 2 : 0) | (perms[2] == 'x' ? 4 : 0);
      ours = build_id != NULL && g_strcmp0 (path, build_id_file) == 0;
      cs_address_space_mmap (space, pid, start, end - start, offset, prot,
                             perms[3] == 's' ? 1 : 2, path,
                             ours ? g_bytes_get_data (build_id, NULL) : NULL,
                             ours ? g_bytes_get_size (build_id) : 0);
    }
}

/* Start of the first mapping of @path at file offset 0: the load bias of a
 * position-independent file whose first PT_LOAD has p_vaddr 0. */
static inline guint64
maps_load_bias (const char *maps,
                const char *path)
{
  g_auto(GStrv) lines = g_strsplit (maps, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 start, end, offset;
      int fields = 0;
      char perms[8];

      if (sscanf (lines[i], "%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x %4s %"
                  G_GINT64_MODIFIER "x %*s %*s %n", &start, &end, perms, &offset, &fields) >= 4 &&
          fields > 0 && offset == 0 && strcmp (g_strstrip (lines[i] + fields), path) == 0)
        return start;
    }
  g_error ("%s is not in the maps", path);
  return 0;
}

/* Every address of [@start, @start + @size): a function's bytes, for
 * addr2line and the symbolizer alike (GArray of guint64). */
static inline GArray *
every_byte (guint64 start,
            guint64 size)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (guint64 x = start; x < start + size; x++)
    g_array_append_val (a, x);
  return a;
}

typedef struct
{
  char  *function;
  char  *file;       /* NULL for "??" */
  guint  line;
} A2lFrame;

static inline void
a2l_frame_clear (gpointer data)
{
  A2lFrame *f = data;

  g_free (f->function);
  g_free (f->file);
}

/* `TOOL -e FILE -a -i -f -C ADDR…` (TOOL: addr2line or llvm-addr2line,
 * which print alike): for each address, its frames, innermost first.
 * Returns GPtrArray of GArray(A2lFrame), in input order. */
static inline GPtrArray *
addr2line_frames_with (const char *tool,
                       const char *file,
                       GArray     *addresses)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *ret = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  GArray *current = NULL;

  g_ptr_array_add (argv, g_strdup (tool));
  g_ptr_array_add (argv, g_strdup ("-e"));
  g_ptr_array_add (argv, g_strdup (file));
  g_ptr_array_add (argv, g_strdup ("-a"));
  g_ptr_array_add (argv, g_strdup ("-i"));
  g_ptr_array_add (argv, g_strdup ("-f"));
  g_ptr_array_add (argv, g_strdup ("-C"));
  for (guint i = 0; i < addresses->len; i++)
    g_ptr_array_add (argv, g_strdup_printf ("0x%" G_GINT64_MODIFIER "x",
                                            g_array_index (addresses, guint64, i)));
  g_ptr_array_add (argv, NULL);
  out = symtest_run_ok ((const char * const *) argv->pdata);
  lines = g_strsplit (out, "\n", -1);

  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      A2lFrame frame = { 0 };
      char *colon;
      char *disc;

      if (g_str_has_prefix (lines[i], "0x"))
        {
          current = g_array_new (FALSE, TRUE, sizeof (A2lFrame));
          g_array_set_clear_func (current, a2l_frame_clear);
          g_ptr_array_add (ret, current);
          continue;
        }
      g_assert_nonnull (current);
      g_assert_nonnull (lines[i + 1]);
      frame.function = g_strdup (lines[i]);
      i++;
      if ((disc = strstr (lines[i], " (discriminator")) != NULL)
        *disc = '\0';
      colon = strrchr (lines[i], ':');
      g_assert_nonnull (colon);
      *colon = '\0';
      if (strcmp (lines[i], "??") != 0)
        frame.file = g_canonicalize_filename (lines[i], NULL);
      frame.line = colon[1] == '?' ? 0 : (guint) g_ascii_strtoull (colon + 1, NULL, 10);
      g_array_append_val (current, frame);
    }
  g_assert_cmpuint (ret->len, ==, addresses->len);
  return ret;
}

/* GNU addr2line's frames (see addr2line_frames_with). */
static inline GPtrArray *
addr2line_frames (const char *file,
                  GArray     *addresses)
{
  return addr2line_frames_with ("addr2line", file, addresses);
}

/* The executable PT_LOAD of @file from `readelf -lW`. */
static inline void
readelf_text_segment (const char *file,
                      guint64    *offset,
                      guint64    *vaddr,
                      guint64    *filesz)
{
  const char *argv[] = { "readelf", "-lW", file, NULL };
  g_autofree char *out = symtest_run_ok (argv);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char flags[8] = { 0 };
      guint64 paddr, memsz, align;

      if (sscanf (lines[i], " LOAD 0x%" G_GINT64_MODIFIER "x 0x%" G_GINT64_MODIFIER "x 0x%"
                  G_GINT64_MODIFIER "x 0x%" G_GINT64_MODIFIER "x 0x%" G_GINT64_MODIFIER "x %7[RWE ] 0x%"
                  G_GINT64_MODIFIER "x", offset, vaddr, &paddr, filesz, &memsz, flags, &align) == 7 &&
          strchr (flags, 'E') != NULL)
        return;
    }
  g_error ("no executable segment in %s", file);
}
