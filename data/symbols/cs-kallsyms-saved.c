/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-kallsyms-saved.c — the kernel's symbol table saved with a recording
 *
 * Kernel addresses in a recording only mean something with the symbol
 * table of the boot that made it: KASLR moves the kernel at every boot and
 * modules land wherever there was room. So the collector saves the running
 * kernel's table next to each perf.data that may hold kernel samples (after
 * the program has exited: the run's wall time does not include it), and an
 * import reads that file instead of /proc/kallsyms, which also spares a cold
 * import the ~45 ms the kernel spends formatting /proc/kallsyms.
 *
 * The file is the binary image of the kernel symbol cache
 * (cs-kallsyms-cache.c: key, sorted 24-byte entries, string pool), so saving
 * is mostly copying a mapped cache file, compressed with zstd: ~6 MB of
 * image for ~120 000 symbols become ~1.2 MB, inflated in a few ms. An
 * uncompressed image (a plain copy of a cache file) is read as well.
 *
 * Compressing takes 20–40 ms of CPU, and a recording of a short program
 * waits for it. The compressed file is therefore kept in the cache
 * directory too, named by a hash of its key (boot, kernel, modules), and
 * later recordings of the same kernel copy it: ~1 ms.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

#include "cs-error.h"
#include "cs-file.h"
#include "cs-kallsyms-private.h"
#include "cs-system.h"

/* Level 1: the image compresses about as well as at level 3 (its names are
 * what shrinks) at the fastest speed; higher levels gain ~15 % for 5× the
 * time. */
#define COMPRESSION_LEVEL 1
#define OUT_CHUNK         (128 * 1024)
/* A real table is ~6 MB; anything claiming more than this is not one. */
#define MAX_IMAGE         (G_GUINT64_CONSTANT (1) << 30)

void
cs_kallsyms_key_free (CsKallsymsKey *key)
{
  if (key == NULL)
    return;
  g_free (key->boot_id);
  g_free (key->release);
  g_free (key->modules_sha256);
  g_free (key);
}

char *
cs_kallsyms_dup_boot_id (void)
{
  char *contents = NULL;

  if (!g_file_get_contents ("/proc/sys/kernel/random/boot_id", &contents, NULL, NULL))
    return NULL;
  return g_strstrip (contents);
}

/* The cache key is "name=value" lines (cs-kallsyms-cache.c). */
static CsKallsymsKey *
parse_key (const char *text,
           gsize       len)
{
  g_autofree char *copy = g_strndup (text, len);
  g_auto(GStrv) lines = g_strsplit (copy, "\n", -1);
  CsKallsymsKey *key = g_new0 (CsKallsymsKey, 1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *eq = strchr (lines[i], '=');
      const char *value;

      if (eq == NULL)
        continue;
      value = eq + 1;
      if (g_str_has_prefix (lines[i], "boot_id=") && key->boot_id == NULL)
        key->boot_id = g_strdup (value);
      else if (g_str_has_prefix (lines[i], "release=") && key->release == NULL)
        key->release = g_strdup (value);
      else if (g_str_has_prefix (lines[i], "modules=") && key->modules_sha256 == NULL)
        key->modules_sha256 = g_strdup (value);
    }
  return key;
}

typedef struct
{
  ZSTD_CCtx *cctx;
  int        fd;
  guint8    *out;
  guint64    written;
  int        saved_errno;
} Deflater;

static gboolean
deflate_chunk (Deflater       *d,
               ZSTD_inBuffer  *in,
               ZSTD_EndDirective end)
{
  for (;;)
    {
      ZSTD_outBuffer out = { d->out, OUT_CHUNK, 0 };
      size_t left = ZSTD_compressStream2 (d->cctx, &out, in, end);

      if (ZSTD_isError (left))
        {
          d->saved_errno = EIO;
          return FALSE;
        }
      if (!cs_write_all (d->fd, d->out, out.pos))
        {
          d->saved_errno = errno != 0 ? errno : EIO;
          return FALSE;
        }
      d->written += out.pos;
      /* Continue until the input is taken; at the end, until flushed. */
      if (end == ZSTD_e_end ? left == 0 : in->pos == in->size)
        return TRUE;
    }
}

static gboolean
deflate_piece (const void *data,
               gsize       len,
               gpointer    user_data)
{
  ZSTD_inBuffer in = { data, len, 0 };

  return len == 0 || deflate_chunk (user_data, &in, ZSTD_e_continue);
}

/* $XDG_CACHE_HOME/cyclescope/kallsyms-saved-HASH.zst for @key_text. */
static char *
compressed_cache_file (const char *key_text)
{
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key_text, -1);
  g_autofree char *name = NULL;

  hash[16] = '\0';
  name = g_strdup_printf ("kallsyms-saved-%s.zst", hash);
  return g_build_filename (g_get_user_cache_dir (), "cyclescope", name, NULL);
}

/* Copies @from into @fd; FALSE (nothing said) when @from is unreadable,
 * empty or not a zstd frame: the caller compresses instead. */
static gboolean
copy_compressed (const char *from,
                 int         fd,
                 guint64    *written)
{
  static const guint8 magic[4] = { 0x28, 0xb5, 0x2f, 0xfd };
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!g_file_get_contents (from, &data, &len, NULL) || len < sizeof magic ||
      memcmp (data, magic, sizeof magic) != 0)
    return FALSE;
  if (!cs_write_all (fd, data, len))
    return FALSE;
  *written = len;
  return TRUE;
}

/* Best effort: keeps @saved as the cache's compressed copy for its key and
 * removes the copies of other keys (an earlier boot or module set). */
static void
remember_compressed (const char *saved,
                     const char *cache_file)
{
  g_autofree char *dir = g_path_get_dirname (cache_file);
  g_autofree char *base = g_path_get_basename (cache_file);
  g_autofree char *contents = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *name;
  gsize len = 0;

  if (g_mkdir_with_parents (dir, 0700) != 0 || !g_file_get_contents (saved, &contents, &len, NULL) ||
      !g_file_set_contents_full (cache_file, contents, (gssize) len, G_FILE_SET_CONTENTS_CONSISTENT,
                                 0600, NULL))
    return;
  if ((listing = g_dir_open (dir, 0, NULL)) == NULL)
    return;
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, "kallsyms-saved-") && g_str_has_suffix (name, ".zst") &&
        strcmp (name, base) != 0)
      {
        g_autofree char *old = g_build_filename (dir, name, NULL);

        g_unlink (old);
      }
}

gboolean
cs_kallsyms_save_running (const char     *path,
                          CsKallsymsKey **key,
                          guint64        *n_bytes,
                          GError        **error)
{
  g_autoptr(CsKallsyms) table = NULL;
  g_autofree char *key_text = NULL;
  g_autofree char *tmp = NULL;
  g_autofree guint8 *out = NULL;
  g_autofree char *cache_file = NULL;
  ZSTD_inBuffer end = { NULL, 0, 0 };
  Deflater d = { 0 };
  gboolean from_cache;
  gboolean ok;

  g_return_val_if_fail (path != NULL, FALSE);

  if ((table = _cs_kallsyms_load_running (&key_text, NULL, error)) == NULL)
    return FALSE;
  if (key_text == NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("Cannot tell which kernel is running (no boot id in /proc): kernel "
                     "symbols were not saved with the recording."));
      return FALSE;
    }

  tmp = g_strconcat (path, ".XXXXXX", NULL);
  d.fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0644);
  if (d.fd < 0)
    {
      int saved = errno;

      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Cannot save the kernel symbols to “%s”: %s"), path, g_strerror (saved));
      return FALSE;
    }
  cache_file = compressed_cache_file (key_text);
  if (!(from_cache = copy_compressed (cache_file, d.fd, &d.written)))
    {
      /* A partial copy is overwritten from the start. */
      if (d.written == 0 && (lseek (d.fd, 0, SEEK_SET) != 0 || ftruncate (d.fd, 0) != 0))
        d.saved_errno = errno;
      d.cctx = ZSTD_createCCtx ();
      d.out = out = g_malloc (OUT_CHUNK);
      ZSTD_CCtx_setParameter (d.cctx, ZSTD_c_compressionLevel, COMPRESSION_LEVEL);
      ZSTD_CCtx_setParameter (d.cctx, ZSTD_c_checksumFlag, 1);
      /* The frame then states its size: the reader allocates once. */
      ZSTD_CCtx_setPledgedSrcSize (d.cctx, _cs_kallsyms_image_size (table, key_text));
      ok = d.saved_errno == 0 &&
           _cs_kallsyms_image_write (table, key_text, deflate_piece, &d) &&
           deflate_chunk (&d, &end, ZSTD_e_end);
      ZSTD_freeCCtx (d.cctx);
    }
  else
    ok = TRUE;
  if (close (d.fd) != 0 && ok)
    {
      d.saved_errno = errno;
      ok = FALSE;
    }
  if (ok && g_rename (tmp, path) != 0)
    {
      d.saved_errno = errno;
      ok = FALSE;
    }
  if (!ok)
    {
      g_unlink (tmp);
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Cannot save the kernel symbols to “%s”: %s"), path,
                   g_strerror (d.saved_errno != 0 ? d.saved_errno : EIO));
      return FALSE;
    }
  if (!from_cache)
    remember_compressed (path, cache_file);
  if (key != NULL)
    *key = parse_key (key_text, strlen (key_text));
  if (n_bytes != NULL)
    *n_bytes = d.written;
  return TRUE;
}

static CsKallsyms *
corrupt (const char  *path,
         GError     **error)
{
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT,
               _("“%s” is not a kernel symbol table saved by Cyclescope, or it is damaged: "
                 "kernel samples of this recording are named from another source."),
               path);
  return NULL;
}

CsKallsyms *
cs_kallsyms_load_saved (const char     *path,
                        CsKallsymsKey **key,
                        GError        **error)
{
  g_autoptr(GMappedFile) map = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *image = NULL;
  const char *data, *image_key = NULL;
  gsize len, image_key_len = 0;
  unsigned long long size;
  size_t got;
  CsKallsyms *self;

  g_return_val_if_fail (path != NULL, NULL);

  if ((map = cs_file_map_regular (path, &local_error)) == NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Cannot read the kernel symbols saved with the recording: %s"),
                   local_error->message);
      return NULL;
    }
  data = g_mapped_file_get_contents (map);
  len = g_mapped_file_get_length (map);
  if (data == NULL || len < 8)
    return corrupt (path, error);

  if (memcmp (data, "CSKSYMS1", 8) == 0)
    {
      /* A plain cache image: mapped, like the cache itself. */
      if ((self = _cs_kallsyms_image_open (data, len, NULL, &image_key, &image_key_len)) == NULL)
        return corrupt (path, error);
      self->map = g_steal_pointer (&map);
    }
  else
    {
      size = ZSTD_getFrameContentSize (data, len);
      if (size == ZSTD_CONTENTSIZE_UNKNOWN || size == ZSTD_CONTENTSIZE_ERROR || size > MAX_IMAGE)
        return corrupt (path, error);
      image = g_malloc (MAX (size, 1));
      got = ZSTD_decompress (image, size, data, len);
      if (ZSTD_isError (got) || got != size)
        return corrupt (path, error);
      if ((self = _cs_kallsyms_image_open (image, size, NULL, &image_key, &image_key_len)) == NULL)
        return corrupt (path, error);
      self->owned_image = g_steal_pointer (&image);
    }
  if (key != NULL)
    *key = parse_key (image_key, image_key_len);
  return self;
}
