/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-file.c — opening a perf.data file: mapping, header, attrs and ids
 *
 * Everything the record decoder needs before the first record is settled
 * here: byte order, where the data stream starts and ends, every attr with
 * its sample ids, and how a record's id is found (IDENTIFIER or ID position),
 * which perf requires to be the same for all attrs of a file.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cs-file.h"
#include "cs-perf-private.h"

/* Scratch per record: arrays are at most three times the record's bytes
 * (read values grow from 8 to 24 bytes each) plus one string copy. */
#define CS_PERF_SCRATCH_SIZE (5 * 65536)

gboolean
_cs_perf_reader_corrupt (CsPerfReader  *self,
                 GError       **error,
                 guint64        offset,
                 const char    *what)
{
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT,
               _("%s is damaged at byte offset %" PRIu64 ": %s. "
                 "Record the data again, or check that the file was copied completely."),
               self->name, offset, what);
  return FALSE;
}

int
_cs_perf_reader_corrupt_record (CsPerfReader  *self,
                               GError       **error,
                               guint64        offset,
                               const char    *what)
{
  _cs_perf_reader_corrupt (self, error, offset, what);
  return -1;
}

void
_cs_perf_reader_warn (CsPerfReader *self,
              const char   *format,
              ...)
{
  va_list args;
  char *msg;

  if (self->warnings->len > 64)
    return;
  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_insert (self->warnings, self->warnings->len - 1, msg);
}

gpointer
_cs_perf_reader_scratch (CsPerfReader *self,
                 gsize         size)
{
  gpointer p;

  size = (size + 7) & ~(gsize) 7;
  if (self->scratch == NULL)
    {
      self->scratch_cap = CS_PERF_SCRATCH_SIZE;
      self->scratch = g_malloc (self->scratch_cap);
    }
  /* Cannot happen for records of at most 64 KiB (see above). */
  g_assert (self->scratch_used + size <= self->scratch_cap);
  p = self->scratch + self->scratch_used;
  self->scratch_used += size;
  return p;
}

static void
attr_free (gpointer data)
{
  CsPerfAttr *attr = data;

  g_free (attr->name);
  g_free (attr->ids);
  g_free (attr);
}

static gboolean
section_ok (CsPerfReader *self,
            guint64       offset,
            guint64       size)
{
  return offset <= self->len && size <= self->len - offset;
}

static gboolean
read_attrs (CsPerfReader  *self,
            GError       **error)
{
  guint64 n;

  if (self->attrs_size == 0)
    return TRUE;
  if (self->attr_size < CS_PERF_ATTR_SIZE_VER0 + 16)
    {
      g_autofree char *what = g_strdup_printf (_("the attr size is %" PRIu64
                                                 " bytes, less than the minimum of %d"),
                                               self->attr_size, CS_PERF_ATTR_SIZE_VER0 + 16);
      return _cs_perf_reader_corrupt (self, error, 16, what);
    }
  if (!section_ok (self, self->attrs_offset, self->attrs_size))
    return _cs_perf_reader_corrupt (self, error, 24, _("the attr section lies beyond the end of the file"));
  if (self->attrs_size % self->attr_size != 0)
    return _cs_perf_reader_corrupt (self, error, 32, _("the attr section is not a whole number of attrs"));

  n = self->attrs_size / self->attr_size;
  for (guint64 i = 0; i < n; i++)
    {
      guint64 at = self->attrs_offset + i * self->attr_size;
      const guint8 *p = self->base + at;
      guint32 asize = _cs_perf_u32 (self, p + 4);
      guint64 ids_offset, ids_size;

      /* perf treats a size of 0 as the first ABI version */
      if (asize == 0)
        asize = CS_PERF_ATTR_SIZE_VER0;
      if (asize < CS_PERF_ATTR_SIZE_VER0 || asize > self->attr_size - 16)
        {
          g_autofree char *what = g_strdup_printf (_("attr %" PRIu64 " claims a size of %u bytes"),
                                                   i, asize);
          return _cs_perf_reader_corrupt (self, error, at + 4, what);
        }
      /* The ids section follows the whole attr entry, whatever its version. */
      ids_offset = _cs_perf_u64 (self, p + self->attr_size - 16);
      ids_size = _cs_perf_u64 (self, p + self->attr_size - 8);
      if (!section_ok (self, ids_offset, ids_size) || ids_size % 8 != 0)
        return _cs_perf_reader_corrupt (self, error, at + self->attr_size - 16,
                                _("the sample ids of an attr lie beyond the end of the file"));
      _cs_perf_reader_add_attr (self, p, asize, self->base + ids_offset, ids_size / 8);
    }
  return TRUE;
}

static void
read_features (CsPerfReader *self,
               guint64       claimed_data_end)
{
  guint64 table = claimed_data_end;
  guint n = 0;

  for (guint bit = 1; bit < CS_PERF_FEAT_MAX; bit++)
    if (cs_perf_info_has_feature (&self->info, bit))
      n++;
  if (n == 0)
    return;
  if (!section_ok (self, table, (guint64) n * 16))
    {
      _cs_perf_reader_warn (self, _("%s: the feature sections (host, CPU, event names …) are missing; "
                            "the file seems truncated"), self->name);
      return;
    }
  for (guint bit = 1; bit < CS_PERF_FEAT_MAX; bit++)
    {
      guint64 offset, size;

      if (!cs_perf_info_has_feature (&self->info, bit))
        continue;
      offset = _cs_perf_u64 (self, self->base + table);
      size = _cs_perf_u64 (self, self->base + table + 8);
      table += 16;
      if (!section_ok (self, offset, size))
        {
          _cs_perf_reader_warn (self, _("%s: feature %u at byte offset %" PRIu64
                                " lies beyond the end of the file; ignored"),
                        self->name, bit, offset);
          continue;
        }
      _cs_perf_reader_parse_feature (self, bit, self->base + offset, size, offset);
    }
}

static gboolean
read_header (CsPerfReader  *self,
             GError       **error)
{
  guint64 magic, header_size, data_size, claimed_end;

  if (self->len == 0)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT,
                   _("%s is empty: the recording wrote no data (was it interrupted?)"), self->name);
      return FALSE;
    }
  if (self->len < CS_PERF_PIPE_HEADER_SIZE)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT,
                   _("%s is damaged at byte offset 0: it has %zu bytes, "
                     "fewer than a perf.data header"), self->name, self->len);
      return FALSE;
    }
  memcpy (&magic, self->base, 8);
  if (magic == CS_PERF_MAGIC2)
    self->swapped = FALSE;
  else if (magic == CS_PERF_MAGIC2_SWAPPED)
    self->swapped = TRUE;
  else if (magic == CS_PERF_MAGIC1 || GUINT64_SWAP_LE_BE (magic) == CS_PERF_MAGIC1)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_VERSION,
                   _("%s is a version 1 perf.data file, which is not supported; "
                     "record it again with a perf newer than Linux 2.6.35"), self->name);
      return FALSE;
    }
  else
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                   _("%s is not a perf.data file (it does not start with PERFILE2)"), self->name);
      return FALSE;
    }
  self->info.swapped = self->swapped;

  header_size = _cs_perf_u64 (self, self->base + 8);
  if (header_size == CS_PERF_PIPE_HEADER_SIZE)
    {
      self->info.pipe_mode = TRUE;
      self->stream_start = CS_PERF_PIPE_HEADER_SIZE;
      self->data_end = self->len;
      self->info.data_offset = CS_PERF_PIPE_HEADER_SIZE;
      self->info.data_size = self->len - CS_PERF_PIPE_HEADER_SIZE;
      return TRUE;
    }
  if (self->len < CS_PERF_FILE_HEADER_SIZE)
    return _cs_perf_reader_corrupt (self, error, self->len, _("the file header is cut short"));
  if (header_size < CS_PERF_FILE_HEADER_SIZE)
    {
      g_autofree char *what = g_strdup_printf (_("the header size is %" PRIu64 " bytes"),
                                               header_size);
      return _cs_perf_reader_corrupt (self, error, 8, what);
    }

  self->attr_size = _cs_perf_u64 (self, self->base + 16);
  self->attrs_offset = _cs_perf_u64 (self, self->base + 24);
  self->attrs_size = _cs_perf_u64 (self, self->base + 32);
  self->data_offset = _cs_perf_u64 (self, self->base + 40);
  data_size = _cs_perf_u64 (self, self->base + 48);
  for (guint i = 0; i < 4; i++)
    self->info.features[i] = _cs_perf_u64 (self, self->base + 72 + i * 8);
  self->info.data_offset = self->data_offset;
  self->info.data_size = data_size;

  if (self->attrs_size != 0 && self->attr_size == 0)
    return _cs_perf_reader_corrupt (self, error, 16, _("the attr size is 0"));
  if (self->data_offset > self->len)
    return _cs_perf_reader_corrupt (self, error, 40, _("the data section starts beyond the end of the file"));
  claimed_end = self->data_offset + data_size;
  if (data_size == 0 && self->len > self->data_offset)
    {
      /* The writer was killed before it wrote the size (perf and our
       * collector write it last): as perf does, the records are read to the
       * end of the file, and there are no feature sections. */
      self->unfinished = TRUE;
      self->data_end = self->len;
      self->info.data_size = self->len - self->data_offset;
    }
  else if (data_size > self->len - self->data_offset)
    {
      self->data_truncated = TRUE;
      self->data_end = self->len;
      claimed_end = G_MAXUINT64;
    }
  else
    self->data_end = claimed_end;
  self->stream_start = self->data_offset;

  if (!read_attrs (self, error))
    return FALSE;
  if (self->unfinished)
    _cs_perf_reader_warn (self, _("%s: the header gives the data section no size, as when the "
                                  "recording was killed before it finished; its records are read "
                                  "to the end of the file (the last ones may be cut)"), self->name);
  else if (claimed_end != G_MAXUINT64)
    read_features (self, claimed_end);
  else
    _cs_perf_reader_warn (self, _("%s: the data section is cut short; the feature sections "
                          "(host, CPU, event names …) are missing"), self->name);
  return TRUE;
}

static CsPerfReader *
reader_new (GBytes      *bytes,
            const char  *name,
            GError     **error)
{
  g_autoptr(CsPerfReader) self = g_new0 (CsPerfReader, 1);
  gsize len = 0;

  self->name = g_strdup (name);
  self->bytes = g_bytes_ref (bytes);
  self->base = g_bytes_get_data (bytes, &len);
  self->len = len;
  if (self->base == NULL)
    self->base = (const guint8 *) "";
  self->attrs = g_ptr_array_new_with_free_func (attr_free);
  self->id_to_attr = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->warnings, NULL);
  _cs_perf_reader_info_init (&self->info);
  self->ordered = TRUE;
  self->sample_id_pos = self->other_id_pos = -1;

  if (!read_header (self, error))
    return NULL;
  _cs_perf_reader_prescan (self);
  cs_perf_reader_rewind (self);
  return g_steal_pointer (&self);
}

CsPerfReader *
cs_perf_reader_new_from_bytes (GBytes      *bytes,
                               const char  *name,
                               GError     **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);

  return reader_new (bytes, name ? name : "perf.data", error);
}

#define POPULATE_MAX (256u * 1024 * 1024)

/* Records are read front to back: ask for early, large read-ahead of a
 * file that is not in the page cache yet, and map the pages of a file of
 * moderate size in one go instead of one page fault per 64 KiB (a huge one
 * would sit in that call, without progress, until it is all read). Hints
 * only; failures (older kernels) change nothing. */
static void
advise_sequential (GMappedFile *map)
{
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  guintptr start = (guintptr) g_mapped_file_get_contents (map);
  gsize len = g_mapped_file_get_length (map);

  if (start == 0 || len == 0 || start % page != 0)
    return;
  madvise ((void *) start, len, MADV_SEQUENTIAL);
#ifdef MADV_POPULATE_READ
  if (len <= POPULATE_MAX)
    madvise ((void *) start, len, MADV_POPULATE_READ);
#endif
}

/* A pipe (`perf record -o - | …`) cannot be mapped: it is read whole, as a
 * stream. It was opened with O_NONBLOCK, so a FIFO nobody writes to ends
 * at once (read() says EOF without a writer) instead of a wait that never
 * ends; once a writer is there, its data is waited for, as perf report
 * does. Anything but a perf.data stream stops at its first bytes. */
static GBytes *
read_stream (int          fd,
             const char  *path,
             GError     **error)
{
  g_autoptr(GByteArray) buf = g_byte_array_new ();
  g_autofree guint8 *chunk = g_malloc (1024 * 1024);
  gboolean waiting = FALSE;

  for (;;)
    {
      gssize n = read (fd, chunk, 1024 * 1024);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && errno == EAGAIN && !waiting)
        {
          waiting = TRUE;
          fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
          continue;
        }
      if (n < 0)
        {
          int errsv = errno;

          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                       _("Could not read %s: %s"), path, g_strerror (errsv));
          return NULL;
        }
      if (n == 0)
        break;
      if (!waiting)
        {
          waiting = TRUE;
          fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
        }
      g_byte_array_append (buf, chunk, n);
      if (buf->len >= 8 && buf->len - n < 8 &&
          memcmp (buf->data, "PERFILE2", 8) != 0 && memcmp (buf->data, "2ELIFREP", 8) != 0)
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT,
                       _("%s: not a perf.data stream (it does not start with PERFILE2)"), path);
          return NULL;
        }
    }
  if (buf->len == 0)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Could not read %s: it is a named pipe (FIFO) and nothing writes to it"),
                   path);
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&buf));
}

CsPerfReader *
cs_perf_reader_new (const char  *path,
                    GError     **error)
{
  g_autoptr(GMappedFile) map = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  if ((fd = cs_file_open_nonblocking (path, &st, error)) < 0)
    return NULL;
  if (S_ISFIFO (st.st_mode))
    bytes = read_stream (fd, path, error);
  else if (cs_file_check_regular (path, &st, error))
    {
      /* The file's size bounds what is read: a header that claims more is
       * caught by the reader. */
      map = g_mapped_file_new_from_fd (fd, FALSE, &local_error);
      if (map == NULL)
        g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                     _("Could not read %s: %s"), path, local_error->message);
      else
        {
          advise_sequential (map);
          bytes = g_mapped_file_get_bytes (map);
        }
    }
  close (fd);
  if (bytes == NULL)
    return NULL;
  return reader_new (bytes, path, error);
}

void
cs_perf_reader_free (CsPerfReader *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_clear_pointer (&self->id_to_attr, g_hash_table_unref);
  g_clear_pointer (&self->attrs, g_ptr_array_unref);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  _cs_perf_queue_clear (&self->queue);
  g_clear_pointer (&self->zstd, ZSTD_freeDStream);
  g_clear_pointer (&self->arena, g_free);
  g_clear_pointer (&self->scratch, g_free);
  g_clear_pointer (&self->brief_layouts, g_array_unref);
  g_clear_error (&self->pending_error);
  g_clear_object (&self->cancellable);
  _cs_perf_reader_info_clear (&self->info);
  g_free (self);
}

const CsPerfInfo *
cs_perf_reader_get_info (CsPerfReader *self)
{
  return &self->info;
}

guint
cs_perf_reader_get_n_attrs (CsPerfReader *self)
{
  return self->attrs->len;
}

const CsPerfAttr *
cs_perf_reader_get_attr (CsPerfReader *self,
                         guint         index)
{
  g_return_val_if_fail (index < self->attrs->len, NULL);

  return g_ptr_array_index (self->attrs, index);
}

const CsPerfAttr *
cs_perf_reader_find_attr (CsPerfReader *self,
                          guint64       id)
{
  return g_hash_table_lookup (self->id_to_attr, &id);
}

const char * const *
cs_perf_reader_get_warnings (CsPerfReader *self)
{
  return (const char * const *) self->warnings->pdata;
}

const CsPerfStats *
cs_perf_reader_get_stats (CsPerfReader *self)
{
  return &self->stats;
}

gboolean
cs_perf_info_has_feature (const CsPerfInfo *info,
                          CsPerfFeature     feature)
{
  if ((guint) feature >= CS_PERF_FEAT_MAX)
    return FALSE;
  return (info->features[feature / 64] >> (feature % 64)) & 1;
}
