/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-writer-features.c — bodies of perf.data feature sections */
#include "config.h"

#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cs-perf-writer-features.h"
#include "cs-perf-writer.h"
#include "cs-system.h"

/* perf pads strings to this (NAME_ALIGN in tools/perf/util/header.h). */
#define NAME_ALIGN 64
/* PERF_RECORD_MISC_BUILD_ID_SIZE: byte 20 of the id holds its length. */
#define MISC_BUILD_ID_SIZE (1 << 15)
#define BUILD_ID_MAX 20

void
cs_perf_put_u32 (GByteArray *buf,
                 guint32     value)
{
  g_byte_array_append (buf, (const guint8 *) &value, sizeof value);
}

void
cs_perf_put_u64 (GByteArray *buf,
                 guint64     value)
{
  g_byte_array_append (buf, (const guint8 *) &value, sizeof value);
}

static void
put_zeros (GByteArray *buf,
           gsize       n)
{
  gsize old = buf->len;

  g_byte_array_set_size (buf, old + n);
  memset (buf->data + old, 0, n);
}

void
cs_perf_put_string (GByteArray *buf,
                    const char *str)
{
  gsize olen = strlen (str) + 1;
  gsize len = (olen + NAME_ALIGN - 1) / NAME_ALIGN * NAME_ALIGN;

  cs_perf_put_u32 (buf, (guint32) len);
  g_byte_array_append (buf, (const guint8 *) str, olen);
  put_zeros (buf, len - olen);
}

/* HOSTNAME, OSRELEASE and ARCH are uname(2) fields, as perf writes them. */
static gboolean
put_uname_field (GByteArray *buf,
                 glong       offset)
{
  struct utsname uts;

  if (uname (&uts) != 0)
    return FALSE;
  cs_perf_put_string (buf, G_STRUCT_MEMBER_P (&uts, offset));
  return TRUE;
}

gboolean
cs_perf_feature_hostname (GByteArray *buf)
{
  return put_uname_field (buf, G_STRUCT_OFFSET (struct utsname, nodename));
}

gboolean
cs_perf_feature_osrelease (GByteArray *buf)
{
  return put_uname_field (buf, G_STRUCT_OFFSET (struct utsname, release));
}

gboolean
cs_perf_feature_version (GByteArray *buf)
{
  /* perf prints this as "perf version"; saying who wrote the file helps
   * whoever reads a header later. */
  cs_perf_put_string (buf, "cyclescope " PACKAGE_VERSION);
  return TRUE;
}

gboolean
cs_perf_feature_arch (GByteArray *buf)
{
  return put_uname_field (buf, G_STRUCT_OFFSET (struct utsname, machine));
}

gboolean
cs_perf_feature_nrcpus (GByteArray *buf)
{
  long avail = sysconf (_SC_NPROCESSORS_CONF);
  long online = sysconf (_SC_NPROCESSORS_ONLN);

  if (avail <= 0 || online <= 0)
    return FALSE;
  /* {u32 nr_cpus_avail; u32 nr_cpus_online}, perf's order. */
  cs_perf_put_u32 (buf, (guint32) avail);
  cs_perf_put_u32 (buf, (guint32) online);
  return TRUE;
}

static char *
read_cpuinfo (void)
{
  char *contents = NULL;

  if (!g_file_get_contents ("/proc/cpuinfo", &contents, NULL, NULL))
    return NULL;
  return contents;
}

gboolean
cs_perf_feature_cpudesc (GByteArray *buf)
{
  g_autofree char *cpuinfo = read_cpuinfo ();
  g_autofree char *desc = NULL;
  g_autoptr(GString) squeezed = NULL;

  if (cpuinfo == NULL)
    return FALSE;
  desc = cs_cpuinfo_value (cpuinfo, "model name");
  if (desc == NULL)
    desc = cs_cpuinfo_value (cpuinfo, "cpu model");
  if (desc == NULL || *desc == '\0')
    return FALSE;

  /* perf squeezes runs of blanks, which some vendors pad their names with. */
  squeezed = g_string_new (NULL);
  for (const char *p = desc; *p != '\0'; p++)
    if (!(g_ascii_isspace (*p) && squeezed->len > 0 && squeezed->str[squeezed->len - 1] == ' '))
      g_string_append_c (squeezed, g_ascii_isspace (*p) ? ' ' : *p);
  cs_perf_put_string (buf, squeezed->str);
  return TRUE;
}

gboolean
cs_perf_feature_cpuid (GByteArray *buf)
{
  g_autofree char *cpuinfo = read_cpuinfo ();
  g_autofree char *vendor = NULL;
  g_autofree char *family = NULL;
  g_autofree char *model = NULL;
  g_autofree char *stepping = NULL;
  g_autofree char *cpuid = NULL;

  if (cpuinfo == NULL)
    return FALSE;
  vendor = cs_cpuinfo_value (cpuinfo, "vendor_id");
  family = cs_cpuinfo_value (cpuinfo, "cpu family");
  model = cs_cpuinfo_value (cpuinfo, "model");
  stepping = cs_cpuinfo_value (cpuinfo, "stepping");
  /* x86 only: perf's form is "vendor,family,model,stepping" in decimal,
   * which is what /proc/cpuinfo shows. */
  if (vendor == NULL || family == NULL || model == NULL || stepping == NULL)
    return FALSE;
  cpuid = g_strdup_printf ("%s,%s,%s,%s", vendor, family, model, stepping);
  cs_perf_put_string (buf, cpuid);
  return TRUE;
}

gboolean
cs_perf_feature_total_mem (GByteArray *buf)
{
  g_autofree char *meminfo = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    return FALSE;
  line = strstr (meminfo, "MemTotal:");
  if (line == NULL)
    return FALSE;
  cs_perf_put_u64 (buf, g_ascii_strtoull (line + strlen ("MemTotal:"), NULL, 10));
  return TRUE;
}

gboolean
cs_perf_feature_cmdline (GByteArray        *buf,
                         const char * const *argv)
{
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) own = NULL;
  gsize len = 0;
  guint n;

  if (argv == NULL)
    {
      /* /proc/self/cmdline is NUL-separated. */
      if (!g_file_get_contents ("/proc/self/cmdline", &contents, &len, NULL))
        return FALSE;
      own = g_ptr_array_new ();
      for (gsize off = 0; off < len; off += strlen (contents + off) + 1)
        g_ptr_array_add (own, contents + off);
      g_ptr_array_add (own, NULL);
      argv = (const char * const *) own->pdata;
    }

  n = g_strv_length ((char **) argv);
  cs_perf_put_u32 (buf, n);
  for (guint i = 0; i < n; i++)
    cs_perf_put_string (buf, argv[i]);
  return TRUE;
}

gboolean
cs_perf_feature_event_desc (GByteArray *buf,
                            GPtrArray  *events)
{
  if (events->len == 0)
    return FALSE;

  cs_perf_put_u32 (buf, events->len);
  cs_perf_put_u32 (buf, CS_PERF_FILE_ATTR_SIZE);
  for (guint i = 0; i < events->len; i++)
    {
      CsPerfEventDesc *ev = g_ptr_array_index (events, i);

      g_byte_array_append (buf, (const guint8 *) &ev->attr, CS_PERF_FILE_ATTR_SIZE);
      cs_perf_put_u32 (buf, ev->ids->len);
      cs_perf_put_string (buf, ev->name);
      g_byte_array_append (buf, (const guint8 *) ev->ids->data,
                           ev->ids->len * sizeof (guint64));
    }
  return TRUE;
}

gboolean
cs_perf_feature_pmu_mappings (GByteArray *buf)
{
  const char *base = "/sys/bus/event_source/devices";
  g_autoptr(GDir) dir = g_dir_open (base, 0, NULL);
  g_autoptr(GByteArray) entries = g_byte_array_new ();
  const char *name;
  guint32 n = 0;

  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (base, name, "type", NULL);
      g_autofree char *contents = NULL;

      if (!g_file_get_contents (path, &contents, NULL, NULL))
        continue;
      cs_perf_put_u32 (entries, (guint32) g_ascii_strtoull (contents, NULL, 10));
      cs_perf_put_string (entries, name);
      n++;
    }
  if (n == 0)
    return FALSE;
  cs_perf_put_u32 (buf, n);
  g_byte_array_append (buf, entries->data, entries->len);
  return TRUE;
}

/* Looks for the NT_GNU_BUILD_ID note in @elf's note sections, or in its
 * PT_NOTE segments when the section headers were stripped. */
static gsize
find_build_id (Elf    *elf,
               guint8  id[BUILD_ID_MAX])
{
  Elf_Scn *scn = NULL;
  size_t n_phdrs = 0;

  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr shdr;
      Elf_Data *data;
      GElf_Nhdr nhdr;
      size_t off = 0, name_off, desc_off;

      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type != SHT_NOTE)
        continue;
      data = elf_getdata (scn, NULL);
      while (data != NULL && (off = gelf_getnote (data, off, &nhdr, &name_off, &desc_off)) > 0)
        if (nhdr.n_type == NT_GNU_BUILD_ID && nhdr.n_namesz == 4 &&
            memcmp ((char *) data->d_buf + name_off, "GNU", 4) == 0)
          {
            gsize len = MIN (nhdr.n_descsz, BUILD_ID_MAX);

            memcpy (id, (guint8 *) data->d_buf + desc_off, len);
            return len;
          }
    }

  if (elf_getphdrnum (elf, &n_phdrs) != 0)
    return 0;
  for (size_t i = 0; i < n_phdrs; i++)
    {
      GElf_Phdr phdr;
      Elf_Data *data;
      GElf_Nhdr nhdr;
      size_t off = 0, name_off, desc_off;

      if (gelf_getphdr (elf, (int) i, &phdr) == NULL || phdr.p_type != PT_NOTE)
        continue;
      data = elf_getdata_rawchunk (elf, phdr.p_offset, phdr.p_filesz, ELF_T_NHDR);
      while (data != NULL && (off = gelf_getnote (data, off, &nhdr, &name_off, &desc_off)) > 0)
        if (nhdr.n_type == NT_GNU_BUILD_ID && nhdr.n_namesz == 4 &&
            memcmp ((char *) data->d_buf + name_off, "GNU", 4) == 0)
          {
            gsize len = MIN (nhdr.n_descsz, BUILD_ID_MAX);

            memcpy (id, (guint8 *) data->d_buf + desc_off, len);
            return len;
          }
    }
  return 0;
}

static gsize
read_build_id (const char *path,
               guint8      id[BUILD_ID_MAX])
{
  Elf *elf;
  gsize len = 0;
  int fd = open (path, O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    return 0;
  elf = elf_begin (fd, ELF_C_READ_MMAP, NULL);
  if (elf != NULL && elf_kind (elf) == ELF_K_ELF)
    len = find_build_id (elf, id);
  if (elf != NULL)
    elf_end (elf);
  close (fd);
  return len;
}

gboolean
cs_perf_feature_build_id (GByteArray        *buf,
                          const char * const *paths)
{
  gboolean any = FALSE;

  if (elf_version (EV_CURRENT) == EV_NONE)
    return FALSE;

  for (guint i = 0; paths != NULL && paths[i] != NULL; i++)
    {
      /* struct perf_record_header_build_id: header, pid, u8 build_id[24]
       * (20 bytes of id, then its length), filename padded to 64. */
      struct perf_event_header header;
      guint8 id[24] = { 0 };
      gsize id_len = read_build_id (paths[i], id);
      gsize name_len, padded;
      gint32 pid = -1;  /* the host machine, as perf writes it */

      if (id_len == 0)
        continue;
      id[20] = (guint8) id_len;
      name_len = strlen (paths[i]) + 1;
      padded = (name_len + NAME_ALIGN - 1) / NAME_ALIGN * NAME_ALIGN;

      header.type = CS_PERF_RECORD_HEADER_BUILD_ID;
      header.misc = PERF_RECORD_MISC_USER | MISC_BUILD_ID_SIZE;
      header.size = (guint16) (sizeof header + sizeof pid + sizeof id + padded);
      g_byte_array_append (buf, (const guint8 *) &header, sizeof header);
      g_byte_array_append (buf, (const guint8 *) &pid, sizeof pid);
      g_byte_array_append (buf, id, sizeof id);
      g_byte_array_append (buf, (const guint8 *) paths[i], name_len);
      put_zeros (buf, padded - name_len);
      any = TRUE;
    }
  return any;
}

/* The clock the events stamp their samples with, FALSE when they use the
 * kernel's default (perf_clock). */
static gboolean
events_clockid (GPtrArray *events,
                clockid_t *clockid)
{
  for (guint i = 0; i < events->len; i++)
    {
      CsPerfEventDesc *ev = g_ptr_array_index (events, i);

      if (ev->attr.use_clockid)
        {
          *clockid = ev->attr.clockid;
          return TRUE;
        }
    }
  return FALSE;
}

/* HEADER_CLOCKID: u64 resolution in ns (perf prints it as "clockid
 * frequency: N MHz"). */
gboolean
cs_perf_feature_clockid (GByteArray *buf,
                         GPtrArray  *events)
{
  struct timespec res;
  clockid_t clockid;

  if (!events_clockid (events, &clockid) || clock_getres (clockid, &res) != 0)
    return FALSE;
  cs_perf_put_u64 (buf, (guint64) res.tv_sec * G_GUINT64_CONSTANT (1000000000) + (guint64) res.tv_nsec);
  return TRUE;
}

/* HEADER_CLOCK_DATA: {u32 version = 1; u32 clockid; u64 wall clock ns;
 * u64 clockid ns}, the two read one right after the other (perf's
 * record__init_clock()), so that a sample's time converts to the time of
 * day. */
gboolean
cs_perf_feature_clock_data (GByteArray *buf,
                            GPtrArray  *events)
{
  struct timespec tod, ref;
  clockid_t clockid;

  if (!events_clockid (events, &clockid) ||
      clock_gettime (CLOCK_REALTIME, &tod) != 0 || clock_gettime (clockid, &ref) != 0)
    return FALSE;
  cs_perf_put_u32 (buf, 1);
  cs_perf_put_u32 (buf, (guint32) clockid);
  cs_perf_put_u64 (buf, (guint64) tod.tv_sec * G_GUINT64_CONSTANT (1000000000) + (guint64) tod.tv_nsec);
  cs_perf_put_u64 (buf, (guint64) ref.tv_sec * G_GUINT64_CONSTANT (1000000000) + (guint64) ref.tv_nsec);
  return TRUE;
}
