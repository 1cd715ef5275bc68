/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-writer.c — writes a standard perf.data file */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-perf-writer-features.h"
#include "cs-perf-writer.h"

/* "PERFILE2" read as a little-endian u64. */
#define PERF_MAGIC2 0x32454c4946524550ULL
/* Large enough that a 1 kHz run writes a few times per second at most. */
#define BUFFER_SIZE (256 * 1024)

typedef struct
{
  guint64 offset;
  guint64 size;
} FileSection;

typedef struct
{
  guint64     magic;
  guint64     size;
  guint64     attr_size;
  FileSection attrs;
  FileSection data;
  FileSection event_types;
  guint64     features[4];
} FileHeader;

G_STATIC_ASSERT (sizeof (FileHeader) == 104);
G_STATIC_ASSERT (sizeof (struct perf_event_attr) >= CS_PERF_FILE_ATTR_SIZE);

struct _CsPerfWriter
{
  char       *path;
  int         fd;
  GPtrArray  *events;        /* CsPerfEventDesc* */
  char      **cmdline;
  GHashTable *mapped_files;  /* executable mappings seen in MMAP/MMAP2 records */
  guint8     *buffer;
  gsize       buffer_len;
  guint64     attrs_offset;
  guint64     data_offset;
  guint64     data_size;     /* written + buffered */
  guint64     file_pos;      /* where the next flush lands */
  gboolean    started;
  gboolean    finished;
  GError     *error;         /* sticky */
};

static void
event_desc_free (gpointer data)
{
  CsPerfEventDesc *ev = data;

  g_free (ev->name);
  g_array_unref (ev->ids);
  g_free (ev);
}

static void
set_io_error (CsPerfWriter *self,
              int           errsv)
{
  if (self->error != NULL)
    return;
  if (errsv == ENOSPC || errsv == EDQUOT)
    self->error = g_error_new (CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO,
                               _("Cannot write the sample file “%s”: %s. Free some space on "
                                 "that file system or record into another directory"),
                               self->path, g_strerror (errsv));
  else
    self->error = g_error_new (CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO,
                               _("Cannot write the sample file “%s”: %s"),
                               self->path, g_strerror (errsv));
}

static gboolean
propagate_sticky (CsPerfWriter  *self,
                  GError       **error)
{
  if (self->error == NULL)
    return TRUE;
  if (error != NULL)
    *error = g_error_copy (self->error);
  return FALSE;
}

static gboolean
write_at (CsPerfWriter *self,
          const void   *data,
          gsize         len,
          guint64       offset)
{
  const guint8 *p = data;

  while (len > 0)
    {
      ssize_t n = pwrite (self->fd, p, len, (off_t) offset);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          set_io_error (self, errno);
          return FALSE;
        }
      if (n == 0)
        {
          set_io_error (self, ENOSPC);
          return FALSE;
        }
      p += n;
      len -= (gsize) n;
      offset += (guint64) n;
    }
  return TRUE;
}

static gboolean
append_to_file (CsPerfWriter *self,
                const void   *data,
                gsize         len)
{
  if (!write_at (self, data, len, self->file_pos))
    return FALSE;
  self->file_pos += len;
  return TRUE;
}

static gboolean
flush_buffer (CsPerfWriter *self)
{
  gsize len = self->buffer_len;

  self->buffer_len = 0;
  return len == 0 || append_to_file (self, self->buffer, len);
}

CsPerfWriter *
cs_perf_writer_new (const char  *path,
                    GError     **error)
{
  g_autoptr(CsPerfWriter) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_new0 (CsPerfWriter, 1);
  self->fd = -1;
  self->path = g_strdup (path);
  self->events = g_ptr_array_new_with_free_func (event_desc_free);
  self->mapped_files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* Under its final name from the start, as perf writes: a collector that
   * is killed leaves a file with the records so far, which readers take to
   * its end (the header's data size is 0 until cs_perf_writer_finish()). */
  self->fd = open (self->path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (self->fd < 0)
    {
      int errsv = errno;

      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO,
                   _("Cannot create the sample file “%s”: %s"),
                   self->path, g_strerror (errsv));
      return NULL;
    }
  self->buffer = g_malloc (BUFFER_SIZE);

  return g_steal_pointer (&self);
}

void
cs_perf_writer_free (CsPerfWriter *self)
{
  if (self == NULL)
    return;
  if (self->fd >= 0)
    close (self->fd);
  if (!self->finished && self->path != NULL)
    g_unlink (self->path);
  g_clear_error (&self->error);
  g_free (self->buffer);
  g_hash_table_unref (self->mapped_files);
  g_strfreev (self->cmdline);
  g_ptr_array_unref (self->events);
  g_free (self->path);
  g_free (self);
}

const char *
cs_perf_writer_get_path (CsPerfWriter *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

guint64
cs_perf_writer_get_data_size (CsPerfWriter *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->data_size;
}

guint64
cs_perf_writer_get_first_id (CsPerfWriter *self)
{
  CsPerfEventDesc *ev;

  g_return_val_if_fail (self != NULL, 0);
  if (self->events->len == 0)
    return 0;
  ev = g_ptr_array_index (self->events, 0);
  return ev->ids->len > 0 ? g_array_index (ev->ids, guint64, 0) : 0;
}

void
cs_perf_writer_set_cmdline (CsPerfWriter       *self,
                            const char * const *argv)
{
  g_return_if_fail (self != NULL);
  g_strfreev (self->cmdline);
  self->cmdline = g_strdupv ((char **) argv);
}

gboolean
cs_perf_writer_add_event (CsPerfWriter                 *self,
                          const struct perf_event_attr *attr,
                          const char                   *name,
                          const guint64                *ids,
                          guint                         n_ids,
                          GError                      **error)
{
  CsPerfEventDesc *ev;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (attr != NULL && name != NULL, FALSE);

  if (self->started)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("Internal error: event “%s” added to “%s” after its records"),
                   name, self->path);
      return FALSE;
    }

  ev = g_new0 (CsPerfEventDesc, 1);
  memcpy (&ev->attr, attr, MIN ((gsize) (attr->size ? attr->size : PERF_ATTR_SIZE_VER0),
                                (gsize) CS_PERF_FILE_ATTR_SIZE));
  ev->attr.size = CS_PERF_FILE_ATTR_SIZE;
  ev->name = g_strdup (name);
  ev->ids = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n_ids);
  g_array_append_vals (ev->ids, ids, n_ids);
  g_ptr_array_add (self->events, ev);
  return TRUE;
}

static gboolean
write_header (CsPerfWriter  *self,
              const guint64  features[4])
{
  FileHeader header = {
    .magic = PERF_MAGIC2,
    .size = sizeof (FileHeader),
    .attr_size = CS_PERF_FILE_ATTR_SIZE + sizeof (FileSection),
    .attrs = { self->attrs_offset, self->events->len * (CS_PERF_FILE_ATTR_SIZE + sizeof (FileSection)) },
    .data = { self->data_offset, self->data_size },
  };

  if (features != NULL)
    memcpy (header.features, features, sizeof header.features);
  return write_at (self, &header, sizeof header, 0);
}

/* perf's layout: header, every event's id array, the attr section, then the
 * data section. The header is written now with an empty data section so a
 * crash leaves a file that says so, and again by finish. */
static gboolean
ensure_started (CsPerfWriter *self)
{
  g_autoptr(GByteArray) head = NULL;
  g_autoptr(GArray) id_offsets = NULL;

  if (self->started)
    return self->error == NULL;
  self->started = TRUE;

  head = g_byte_array_new ();
  id_offsets = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_byte_array_set_size (head, sizeof (FileHeader));
  memset (head->data, 0, sizeof (FileHeader));

  for (guint i = 0; i < self->events->len; i++)
    {
      CsPerfEventDesc *ev = g_ptr_array_index (self->events, i);
      guint64 offset = head->len;

      g_array_append_val (id_offsets, offset);
      g_byte_array_append (head, (const guint8 *) ev->ids->data, ev->ids->len * sizeof (guint64));
    }

  self->attrs_offset = head->len;
  for (guint i = 0; i < self->events->len; i++)
    {
      CsPerfEventDesc *ev = g_ptr_array_index (self->events, i);
      FileSection ids = { g_array_index (id_offsets, guint64, i), ev->ids->len * sizeof (guint64) };

      g_byte_array_append (head, (const guint8 *) &ev->attr, CS_PERF_FILE_ATTR_SIZE);
      g_byte_array_append (head, (const guint8 *) &ids, sizeof ids);
    }

  self->file_pos = 0;
  self->data_offset = head->len;
  if (!append_to_file (self, head->data, head->len))
    return FALSE;
  return write_header (self, NULL);
}

/* Remembers the files behind executable mappings for the BUILD_ID feature.
 * Only headers are looked at for other records, so this costs next to
 * nothing per sample. */
static void
note_mappings (CsPerfWriter *self,
               const guint8 *records,
               gsize         len)
{
  gsize pos = 0;

  while (pos + sizeof (struct perf_event_header) <= len)
    {
      struct perf_event_header header;
      gsize name_off = 0;

      memcpy (&header, records + pos, sizeof header);
      if (header.size < sizeof header || pos + header.size > len)
        break;

      if (header.type == PERF_RECORD_MMAP2 && header.size > 72)
        {
          guint32 prot;

          /* header, pid, tid, addr, len, pgoff, 24 bytes of inode or
           * build-id, prot, flags, filename */
          memcpy (&prot, records + pos + 64, sizeof prot);
          if (prot & PROT_EXEC)
            name_off = 72;
        }
      else if (header.type == PERF_RECORD_MMAP && header.size > 40 &&
               !(header.misc & PERF_RECORD_MISC_MMAP_DATA))
        name_off = 40;

      if (name_off != 0)
        {
          const char *name = (const char *) records + pos + name_off;
          gsize name_len = strnlen (name, header.size - name_off);

          if (name_len > 0 && name[0] == '/')
            {
              g_autofree char *copy = g_strndup (name, name_len);

              if (!g_hash_table_contains (self->mapped_files, copy))
                g_hash_table_add (self->mapped_files, g_steal_pointer (&copy));
            }
        }
      pos += header.size;
    }
}

gboolean
cs_perf_writer_write (CsPerfWriter  *self,
                      const void    *records,
                      gsize          len,
                      GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->finished, FALSE);

  if (!ensure_started (self))
    return propagate_sticky (self, error);

  note_mappings (self, records, len);

  if (self->buffer_len + len > BUFFER_SIZE)
    {
      if (!flush_buffer (self))
        return propagate_sticky (self, error);
    }
  if (len >= BUFFER_SIZE)
    {
      if (!append_to_file (self, records, len))
        return propagate_sticky (self, error);
    }
  else
    {
      memcpy (self->buffer + self->buffer_len, records, len);
      self->buffer_len += len;
    }
  self->data_size += len;
  return TRUE;
}

gboolean
cs_perf_writer_flush (CsPerfWriter  *self,
                      GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->finished, FALSE);

  if (!ensure_started (self) || !flush_buffer (self))
    return propagate_sticky (self, error);
  return TRUE;
}

gboolean
cs_perf_writer_finish_round (CsPerfWriter  *self,
                             GError       **error)
{
  struct perf_event_header header = {
    .type = CS_PERF_RECORD_FINISHED_ROUND,
    .misc = 0,
    .size = sizeof header,
  };

  return cs_perf_writer_write (self, &header, sizeof header, error);
}

typedef gboolean (*FeatureFunc) (GByteArray *buf);

static void
add_feature (GPtrArray  *bodies,
             guint64     features[4],
             guint       bit,
             GByteArray *body,
             gboolean    present)
{
  if (!present)
    {
      g_byte_array_unref (body);
      return;
    }
  features[bit / 64] |= G_GUINT64_CONSTANT (1) << (bit % 64);
  g_ptr_array_add (bodies, body);
}

/* Builds the feature bodies in ascending bit order, as perf expects them. */
static GPtrArray *
build_features (CsPerfWriter *self,
                guint64       features[4])
{
  static const struct { guint bit; FeatureFunc func; } simple[] = {
    { CS_PERF_FEAT_HOSTNAME, cs_perf_feature_hostname },
    { CS_PERF_FEAT_OSRELEASE, cs_perf_feature_osrelease },
    { CS_PERF_FEAT_VERSION, cs_perf_feature_version },
    { CS_PERF_FEAT_ARCH, cs_perf_feature_arch },
    { CS_PERF_FEAT_NRCPUS, cs_perf_feature_nrcpus },
    { CS_PERF_FEAT_CPUDESC, cs_perf_feature_cpudesc },
    { CS_PERF_FEAT_CPUID, cs_perf_feature_cpuid },
    { CS_PERF_FEAT_TOTAL_MEM, cs_perf_feature_total_mem },
  };
  GPtrArray *bodies = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  g_autofree const char **paths = NULL;
  GByteArray *body;

  memset (features, 0, 4 * sizeof (guint64));

  paths = (const char **) g_hash_table_get_keys_as_array (self->mapped_files, NULL);
  body = g_byte_array_new ();
  add_feature (bodies, features, CS_PERF_FEAT_BUILD_ID, body,
               cs_perf_feature_build_id (body, paths));

  for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
    {
      body = g_byte_array_new ();
      add_feature (bodies, features, simple[i].bit, body, simple[i].func (body));
    }

  body = g_byte_array_new ();
  add_feature (bodies, features, CS_PERF_FEAT_CMDLINE, body,
               cs_perf_feature_cmdline (body, (const char * const *) self->cmdline));
  body = g_byte_array_new ();
  add_feature (bodies, features, CS_PERF_FEAT_EVENT_DESC, body,
               cs_perf_feature_event_desc (body, self->events));
  body = g_byte_array_new ();
  add_feature (bodies, features, CS_PERF_FEAT_PMU_MAPPINGS, body,
               cs_perf_feature_pmu_mappings (body));
  body = g_byte_array_new ();
  add_feature (bodies, features, CS_PERF_FEAT_CLOCKID, body, cs_perf_feature_clockid (body, self->events));
  body = g_byte_array_new ();
  add_feature (bodies, features, CS_PERF_FEAT_CLOCK_DATA, body, cs_perf_feature_clock_data (body, self->events));

  return bodies;
}

static gboolean
write_features (CsPerfWriter *self,
                guint64       features[4])
{
  g_autoptr(GPtrArray) bodies = build_features (self, features);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint64 offset = self->data_offset + self->data_size + bodies->len * sizeof (FileSection);

  /* The section table sits right after the data; perf finds it there. */
  for (guint i = 0; i < bodies->len; i++)
    {
      GByteArray *body = g_ptr_array_index (bodies, i);
      FileSection section = { offset, body->len };

      g_byte_array_append (out, (const guint8 *) &section, sizeof section);
      offset += body->len;
    }
  for (guint i = 0; i < bodies->len; i++)
    {
      GByteArray *body = g_ptr_array_index (bodies, i);

      g_byte_array_append (out, body->data, body->len);
    }
  return append_to_file (self, out->data, out->len);
}

gboolean
cs_perf_writer_finish (CsPerfWriter  *self,
                       GError       **error)
{
  guint64 features[4];

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->finished, FALSE);

  if (!ensure_started (self) ||
      !flush_buffer (self) ||
      !write_features (self, features) ||
      !write_header (self, features))
    goto failed;

  if (close (self->fd) != 0)
    {
      self->fd = -1;
      set_io_error (self, errno);
      goto failed;
    }
  self->fd = -1;
  self->finished = TRUE;
  return TRUE;

failed:
  propagate_sticky (self, error);
  if (self->fd >= 0)
    {
      close (self->fd);
      self->fd = -1;
    }
  g_unlink (self->path);
  self->finished = TRUE;
  return FALSE;
}
