/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-map.c — symbols of JIT code from /tmp/perf-PID.map */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cs-error.h"
#include "cs-perf-map.h"
#include "cs-symbol-index.h"

/* A JIT writes the map as it compiles; more than this is not a map. */
#define MAX_MAP_SIZE (G_GUINT64_CONSTANT (1) << 30)

/* Hex digits, with an optional 0x; the number of characters read. */
static gsize
parse_hex (const char *s,
           guint64    *value)
{
  gsize i = 0;

  *value = 0;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    i = 2;
  for (; g_ascii_isxdigit (s[i]); i++)
    *value = *value << 4 | (guint64) g_ascii_xdigit_value (s[i]);
  return i;
}

/* Reads the whole file through a descriptor opened without blocking: a
 * FIFO or device planted at the path must not hang the reader. */
static gboolean
read_map (const char  *path,
          char       **contents,
          gsize       *length,
          GError     **error)
{
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  g_autoptr(GMappedFile) mapped = NULL;
  struct stat st;
  int saved;

  if (fd < 0)
    {
      saved = errno;
      g_set_error (error, CS_DATA_ERROR, saved == ENOENT ? CS_DATA_ERROR_NOT_FOUND : CS_DATA_ERROR_IO,
                   _("Cannot read the perf map “%s”: %s."), path, g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || (guint64) st.st_size > MAX_MAP_SIZE)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("The perf map “%s” is not a regular file of at most 1 GiB: it is ignored."),
                   path);
      close (fd);
      return FALSE;
    }
  /* perf reads only maps of the user running it or of root (anyone may
   * write to /tmp). */
  if (st.st_uid != 0 && st.st_uid != geteuid ())
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("The perf map “%s” belongs to another user: it is ignored, as perf "
                     "ignores it."), path);
      close (fd);
      return FALSE;
    }
  if (st.st_size == 0)
    {
      close (fd);
      *contents = g_strdup ("");
      *length = 0;
      return TRUE;
    }
  mapped = g_mapped_file_new_from_fd (fd, FALSE, error);
  close (fd);
  if (mapped == NULL)
    return FALSE;
  *length = g_mapped_file_get_length (mapped);
  *contents = g_strndup (g_mapped_file_get_contents (mapped), *length);
  return TRUE;
}

typedef struct
{
  guint64     start;
  guint64     size;
  const char *name;   /* in the file's contents */
  guint       line;
} Line;

/* By start, the last line first. */
static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  const Line *la = a, *lb = b;

  if (la->start != lb->start)
    return la->start < lb->start ? -1 : 1;
  return la->line > lb->line ? -1 : la->line < lb->line;
}

CsSymbolIndex *
cs_perf_map_load (const char  *path,
                  GError     **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (Line));
  CsSymbolIndex *index;
  gsize length = 0;
  char *p;

  if (!read_map (path, &contents, &length, error))
    return NULL;
  /* "START SIZE NAME\n", START and SIZE in hex; the name is the rest of
   * the line and may hold spaces. Lines that do not parse are skipped. */
  for (p = contents; p < contents + length; )
    {
      char *end = strchr (p, '\n');
      Line l = { 0, 0, NULL, lines->len };
      gsize at, len;

      if (end != NULL)
        *end = '\0';
      at = parse_hex (p, &l.start);
      if (at > 0 && p[at] == ' ' && (len = parse_hex (p + at + 1, &l.size)) > 0 &&
          p[at + 1 + len] == ' ' && p[at + 2 + len] != '\0')
        {
          l.name = p + at + 2 + len;
          g_array_append_val (lines, l);
        }
      if (end == NULL)
        break;
      p = end + 1;
    }
  /* Code compiled again at an address is listed again: the last line
   * names the code that ran last. */
  g_array_sort (lines, compare_lines);
  index = cs_symbol_index_new_empty ();
  for (guint i = 0; i < lines->len; i++)
    {
      const Line *l = &g_array_index (lines, Line, i);

      if (i == 0 || g_array_index (lines, Line, i - 1).start != l->start)
        cs_symbol_index_add (index, l->name, l->start, l->size);
    }
  cs_symbol_index_finish (index);
  return index;
}
