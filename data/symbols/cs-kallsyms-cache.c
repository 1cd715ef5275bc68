/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-kallsyms-cache.c — a binary cache of the parsed kernel symbol table
 *
 * Reading /proc/kallsyms makes the kernel format ~120 000 lines (~45 ms of
 * system time here, every time), and its text is ~5 MB. The parsed table
 * (sorted 24-byte entries and a string pool) is written once to
 * $XDG_CACHE_HOME/cyclescope/ and mapped on later loads: lookups touch a
 * few pages of it, and nothing is copied.
 *
 * The table can only change when the kernel does: the cache is keyed by the
 * boot id and kernel release/version (a reboot), and by a hash of
 * /proc/modules (a module loaded or unloaded, which also covers live
 * patches). What this key does not see are symbols the kernel adds at run
 * time without a module: BPF programs and ftrace trampolines ("[bpf]") loaded
 * after the cache was written are missing until the next module change or
 * reboot, and their samples stay [kernel.kallsyms]+0x… rows.
 *
 * The same image, compressed, is what a recording carries as its own
 * kernel symbols (cs-kallsyms-saved.c): hence _cs_kallsyms_image_open/write.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cs-file.h"
#include "cs-kallsyms-private.h"
#include "cs-system.h"

#define CACHE_MAGIC "CSKSYMS1"
#define BYTE_ORDER_MARK 0x01020304u

typedef struct
{
  char    magic[8];
  guint32 byte_order;  /* BYTE_ORDER_MARK as written: a cache is never portable */
  guint32 entry_size;
  guint64 n_entries;
  guint64 pool_len;
  guint64 key_len;     /* key bytes that follow, then padding to 8 */
} CacheHeader;

G_STATIC_ASSERT (sizeof (CacheHeader) == 40);

static gsize
pad8 (gsize n)
{
  return (n + 7) & ~(gsize) 7;
}

static char *
read_trimmed (const char *path)
{
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return g_strstrip (contents);
}

/* What the table depends on. NULL when that cannot be told (no caching). */
static char *
cache_key (const char *path,
           gboolean    proc)
{
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "path=%s\n", path);
  if (proc)
    {
      g_autofree char *boot_id = read_trimmed ("/proc/sys/kernel/random/boot_id");
      g_autofree char *modules = NULL;
      g_autofree char *modules_hash = NULL;
      gsize modules_len = 0;
      struct utsname uts;

      if (boot_id == NULL || uname (&uts) != 0)
        {
          g_string_free (key, TRUE);
          return NULL;
        }
      /* No modules file (a kernel without module support) is a valid state. */
      if (!g_file_get_contents ("/proc/modules", &modules, &modules_len, NULL))
        modules_len = 0;
      modules_hash = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) (modules ? modules : ""),
                                                  modules_len);
      g_string_append_printf (key, "boot_id=%s\nrelease=%s\nversion=%s\nmodules=%s\n", boot_id,
                              uts.release, uts.version, modules_hash);
    }
  else
    {
      GStatBuf st;

      if (g_stat (path, &st) != 0)
        {
          g_string_free (key, TRUE);
          return NULL;
        }
      g_string_append_printf (key, "dev=%" G_GUINT64_FORMAT "\nino=%" G_GUINT64_FORMAT
                              "\nsize=%" G_GINT64_FORMAT "\nmtime=%" G_GINT64_FORMAT ".%09ld\n",
                              (guint64) st.st_dev, (guint64) st.st_ino, (gint64) st.st_size,
                              (gint64) st.st_mtim.tv_sec, (long) st.st_mtim.tv_nsec);
    }
  return g_string_free (key, FALSE);
}

static char *
cache_file (const char *cache_dir,
            const char *path)
{
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, path, -1);
  g_autofree char *name = NULL;

  hash[16] = '\0';
  name = g_strdup_printf ("kallsyms-%s.bin", hash);
  return g_build_filename (cache_dir, name, NULL);
}

CsKallsyms *
_cs_kallsyms_image_open (const char  *data,
                        gsize        len,
                        const char  *key,
                        const char **image_key,
                        gsize       *image_key_len)
{
  CacheHeader h;
  gsize at;
  CsKallsyms *self;

  if (data == NULL || len < sizeof h)
    return NULL;
  memcpy (&h, data, sizeof h);
  if (memcmp (h.magic, CACHE_MAGIC, 8) != 0 || h.byte_order != BYTE_ORDER_MARK ||
      h.entry_size != sizeof (CsKallsymsEntry) || h.key_len > len - sizeof h ||
      (key != NULL && h.key_len != strlen (key)) ||
      h.pool_len == 0 || h.n_entries > G_MAXUINT ||
      h.n_entries > (len - sizeof h) / sizeof (CsKallsymsEntry))
    return NULL;
  at = sizeof h + pad8 (h.key_len);
  if (at > len || (key != NULL && memcmp (data + sizeof h, key, h.key_len) != 0) ||
      (len - at) / sizeof (CsKallsymsEntry) < h.n_entries ||
      len - at - h.n_entries * sizeof (CsKallsymsEntry) != h.pool_len)
    return NULL;
  if (data[len - 1] != '\0')
    return NULL;
  self = g_new0 (CsKallsyms, 1);
  self->entries = (const CsKallsymsEntry *) (gconstpointer) (data + at);
  self->n_entries = (guint) h.n_entries;
  self->pool = data + at + h.n_entries * sizeof (CsKallsymsEntry);
  self->pool_len = h.pool_len;
  if (image_key != NULL)
    *image_key = data + sizeof h;
  if (image_key_len != NULL)
    *image_key_len = h.key_len;
  return self;
}

/* The mapped table of @file when it is a valid cache for @key. */
static CsKallsyms *
map_cache (const char *file,
           const char *key)
{
  g_autoptr(GMappedFile) map = cs_file_map_regular (file, NULL);
  CsKallsyms *self;

  if (map == NULL)
    return NULL;
  self = _cs_kallsyms_image_open (g_mapped_file_get_contents (map), g_mapped_file_get_length (map),
                                 key, NULL, NULL);
  if (self != NULL)
    self->map = g_steal_pointer (&map);
  return self;
}

gsize
_cs_kallsyms_image_size (const CsKallsyms *table,
                        const char       *key)
{
  return sizeof (CacheHeader) + pad8 (strlen (key)) +
         (gsize) table->n_entries * sizeof (CsKallsymsEntry) + table->pool_len;
}

gboolean
_cs_kallsyms_image_write (const CsKallsyms    *table,
                         const char          *key,
                         CsKallsymsWriteFunc  write,
                         gpointer             user_data)
{
  static const guint8 zeros[8] = { 0 };
  gsize key_len = strlen (key);
  CacheHeader h = { { 0 }, BYTE_ORDER_MARK, sizeof (CsKallsymsEntry), table->n_entries,
                    table->pool_len, key_len };

  memcpy (h.magic, CACHE_MAGIC, 8);
  return write (&h, sizeof h, user_data) && write (key, key_len, user_data) &&
         write (zeros, pad8 (key_len) - key_len, user_data) &&
         write (table->entries, table->n_entries * sizeof (CsKallsymsEntry), user_data) &&
         write (table->pool, table->pool_len, user_data);
}

static gboolean
write_to_fd (const void *data,
             gsize       len,
             gpointer    user_data)
{
  return cs_write_all (GPOINTER_TO_INT (user_data), data, len);
}

/* Best effort: a cache that cannot be written only costs the next load the
 * read. Written to a new file and renamed into place: a process that has
 * the old one mapped keeps it intact (truncating a mapped file would crash
 * it), and no reader sees half a file. Not synced: after a crash a cut file
 * fails validation and is written again. */
static gboolean
write_cache (const char       *cache_dir,
             const char       *file,
             const char       *key,
             const CsKallsyms *table)
{
  g_autofree char *tmp = g_strconcat (file, ".XXXXXX", NULL);
  gboolean ok;
  int fd;

  if (g_mkdir_with_parents (cache_dir, 0700) != 0 || (fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0600)) < 0)
    return FALSE;
  ok = _cs_kallsyms_image_write (table, key, write_to_fd, GINT_TO_POINTER (fd));
  ok = close (fd) == 0 && ok;
  if (!ok || g_rename (tmp, file) != 0)
    {
      g_unlink (tmp);
      return FALSE;
    }
  return TRUE;
}

/* cs_kallsyms_load_cached(), also giving the key it used (NULL when the
 * file was read without the cache). */
static CsKallsyms *
load_cached (const char  *path,
             const char  *cache_dir,
             char       **key_out,
             gboolean    *from_cache,
             GError     **error)
{
  g_autofree char *default_dir = NULL;
  g_autofree char *key = NULL;
  g_autofree char *file = NULL;
  gboolean proc;
  CsKallsyms *self;

  if (from_cache != NULL)
    *from_cache = FALSE;
  if (path == NULL)
    path = "/proc/kallsyms";
  proc = g_str_equal (path, "/proc/kallsyms");
  /* Other files (tests, copies from another machine) are read as they are
   * unless a cache directory is asked for. */
  if (!proc && cache_dir == NULL)
    return _cs_kallsyms_parse (path, error);
  if (cache_dir == NULL)
    cache_dir = default_dir = g_build_filename (g_get_user_cache_dir (), "cyclescope", NULL);
  if ((key = cache_key (path, proc)) == NULL)
    return _cs_kallsyms_parse (path, error);
  file = cache_file (cache_dir, path);

  if ((self = map_cache (file, key)) != NULL)
    {
      if (from_cache != NULL)
        *from_cache = TRUE;
    }
  else if ((self = _cs_kallsyms_parse (path, error)) == NULL)
    return NULL;
  else if (write_cache (cache_dir, file, key, self))
    {
      /* The mapping replaces the parsed copy: file pages, only those read. */
      CsKallsyms *mapped = map_cache (file, key);

      if (mapped != NULL)
        {
          cs_kallsyms_free (self);
          self = mapped;
        }
    }
  if (key_out != NULL)
    *key_out = g_steal_pointer (&key);
  return self;
}

CsKallsyms *
cs_kallsyms_load_cached (const char  *path,
                         const char  *cache_dir,
                         gboolean    *from_cache,
                         GError     **error)
{
  return load_cached (path, cache_dir, NULL, from_cache, error);
}

CsKallsyms *
_cs_kallsyms_load_running (char     **key,
                          gboolean  *from_cache,
                          GError   **error)
{
  if (key != NULL)
    *key = NULL;
  return load_cached (NULL, NULL, key, from_cache, error);
}
