/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-sampling.h — helpers for the sampling tests (header only)
 *
 * Records tests/workloads/cs-test-hot-loop with the sampler, and reads the perf.data
 * back with a parser of its own (a few lines following
 * tools/perf/Documentation/perf.data-file-format.txt), so the tests check
 * the file against what the kernel and the ELF file say, not against the
 * writer's idea of it.
 */
#pragma once

#include <fcntl.h>
#include <gelf.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-launcher.h"
#include "cs-sampler.h"
#include "cs-test-util.h"

typedef struct
{
  guint32  pid;
  guint64  start;
  guint64  len;
  guint64  pgoff;
  guint32  prot;
  char    *filename;
} CsTestMap;

typedef struct
{
  guint64        id;
  guint64        ip;
  guint32        pid;
  guint32        tid;
  guint64        time;
  guint32        cpu;
  guint64        period;
  guint64        n_callchain;
  const guint64 *callchain;
  guint64        abi;
  guint          n_regs;
  const guint64 *regs;
} CsTestSample;

typedef struct
{
  guint8  *contents;
  gsize    len;
  guint64  sample_type;
  guint64  regs_mask;
  guint    n_attrs;
  guint64  first_id;
  GHashTable *id_to_attr;  /* sample id -> attr index + 1 */
  GArray  *samples;        /* CsTestSample, pointing into contents */
  GArray  *maps;           /* CsTestMap */
  guint    n_fork;
  guint    n_comm;
  guint    n_finished_round;
  guint    n_lost;
  guint64  features;       /* first 64 feature bits */
} CsTestPerfData;

static inline void
cs_test_perf_data_free (CsTestPerfData *data)
{
  for (guint i = 0; data->maps != NULL && i < data->maps->len; i++)
    g_free (g_array_index (data->maps, CsTestMap, i).filename);
  g_clear_pointer (&data->maps, g_array_unref);
  g_clear_pointer (&data->samples, g_array_unref);
  g_clear_pointer (&data->id_to_attr, g_hash_table_unref);
  g_free (data->contents);
  g_free (data);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsTestPerfData, cs_test_perf_data_free)

static inline guint64
cs_test_u64 (const guint8 *p)
{
  guint64 v;
  memcpy (&v, p, sizeof v);
  return v;
}

static inline guint32
cs_test_u32 (const guint8 *p)
{
  guint32 v;
  memcpy (&v, p, sizeof v);
  return v;
}

static inline void
cs_test_parse_sample (CsTestPerfData *data,
                      const guint8   *p,
                      const guint8   *end)
{
  CsTestSample s = { 0 };
  guint64 t = data->sample_type;

  if (t & PERF_SAMPLE_IDENTIFIER) { s.id = cs_test_u64 (p); p += 8; }
  if (t & PERF_SAMPLE_IP) { s.ip = cs_test_u64 (p); p += 8; }
  if (t & PERF_SAMPLE_TID) { s.pid = cs_test_u32 (p); s.tid = cs_test_u32 (p + 4); p += 8; }
  if (t & PERF_SAMPLE_TIME) { s.time = cs_test_u64 (p); p += 8; }
  g_assert_false (t & (PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID));
  if (t & PERF_SAMPLE_CPU) { s.cpu = cs_test_u32 (p); p += 8; }
  if (t & PERF_SAMPLE_PERIOD) { s.period = cs_test_u64 (p); p += 8; }
  g_assert_false (t & PERF_SAMPLE_READ);
  if (t & PERF_SAMPLE_CALLCHAIN)
    {
      s.n_callchain = cs_test_u64 (p);
      s.callchain = (const guint64 *) (p + 8);
      p += 8 + 8 * s.n_callchain;
    }
  g_assert_false (t & (PERF_SAMPLE_RAW | PERF_SAMPLE_BRANCH_STACK));
  if (t & PERF_SAMPLE_REGS_USER)
    {
      s.abi = cs_test_u64 (p);
      p += 8;
      if (s.abi != 0)
        {
          s.n_regs = (guint) __builtin_popcountll (data->regs_mask);
          s.regs = (const guint64 *) p;
          p += 8 * s.n_regs;
        }
    }
  g_assert_true (p <= end);
  g_array_append_val (data->samples, s);
}

/* Reads @path: header, first attr, every record of the data section. */
static inline CsTestPerfData *
cs_test_perf_data_load (const char *path)
{
  g_autoptr(GError) error = NULL;
  CsTestPerfData *data = g_new0 (CsTestPerfData, 1);
  guint64 attr_size, attrs_off, attrs_size, data_off, data_size, ids_off;
  const guint8 *attr;

  g_file_get_contents (path, (char **) &data->contents, &data->len, &error);
  g_assert_no_error (error);
  data->samples = g_array_new (FALSE, FALSE, sizeof (CsTestSample));
  data->maps = g_array_new (FALSE, FALSE, sizeof (CsTestMap));

  g_assert_cmpuint (data->len, >=, 104);
  g_assert_cmpmem (data->contents, 8, "PERFILE2", 8);
  g_assert_cmpuint (cs_test_u64 (data->contents + 8), ==, 104);
  attr_size = cs_test_u64 (data->contents + 16);
  attrs_off = cs_test_u64 (data->contents + 24);
  attrs_size = cs_test_u64 (data->contents + 32);
  data_off = cs_test_u64 (data->contents + 40);
  data_size = cs_test_u64 (data->contents + 48);
  data->features = cs_test_u64 (data->contents + 72);
  g_assert_cmpuint (attr_size, >, 16);
  g_assert_cmpuint (attrs_size % attr_size, ==, 0);
  g_assert_cmpuint (attrs_off + attrs_size, <=, data->len);
  g_assert_cmpuint (data_off + data_size, <=, data->len);
  data->n_attrs = (guint) (attrs_size / attr_size);
  g_assert_cmpuint (data->n_attrs, >=, 1);

  data->id_to_attr = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < data->n_attrs; i++)
    {
      const guint8 *a = data->contents + attrs_off + i * attr_size;
      guint64 off = cs_test_u64 (a + attr_size - 16);
      guint64 size = cs_test_u64 (a + attr_size - 8);

      g_assert_cmpuint (off + size, <=, data->len);
      /* Every attr records the same fields. */
      g_assert_cmpuint (cs_test_u64 (a + 24), ==, cs_test_u64 (data->contents + attrs_off + 24));
      for (guint64 j = 0; j < size / 8; j++)
        g_hash_table_insert (data->id_to_attr, (gpointer) (data->contents + off + 8 * j),
                             GUINT_TO_POINTER (i + 1));
    }

  attr = data->contents + attrs_off;
  data->sample_type = cs_test_u64 (attr + 24);
  data->regs_mask = cs_test_u64 (attr + 80);
  /* The ids section follows the attr inside the entry. */
  ids_off = cs_test_u64 (attr + attr_size - 16);
  if (cs_test_u64 (attr + attr_size - 8) >= 8)
    data->first_id = cs_test_u64 (data->contents + ids_off);

  for (guint64 pos = data_off; pos < data_off + data_size; )
    {
      const guint8 *rec = data->contents + pos;
      struct perf_event_header h;

      memcpy (&h, rec, sizeof h);
      g_assert_cmpuint (h.size, >=, sizeof h);
      g_assert_cmpuint (pos + h.size, <=, data_off + data_size);

      switch (h.type)
        {
        case PERF_RECORD_SAMPLE:
          cs_test_parse_sample (data, rec + 8, rec + h.size);
          break;
        case PERF_RECORD_MMAP2:
          {
            CsTestMap m;

            m.pid = cs_test_u32 (rec + 8);
            m.start = cs_test_u64 (rec + 16);
            m.len = cs_test_u64 (rec + 24);
            m.pgoff = cs_test_u64 (rec + 32);
            m.prot = cs_test_u32 (rec + 64);
            m.filename = g_strndup ((const char *) rec + 72, h.size - 72);
            g_array_append_val (data->maps, m);
          }
          break;
        case PERF_RECORD_FORK:
          data->n_fork++;
          break;
        case PERF_RECORD_COMM:
          data->n_comm++;
          break;
        case PERF_RECORD_LOST:
          data->n_lost += (guint) cs_test_u64 (rec + 16);
          break;
        case 68: /* FINISHED_ROUND */
          data->n_finished_round++;
          break;
        default:
          break;
        }
      pos += h.size;
    }
  return data;
}

/* The executable mapping of @filename, or NULL. */
static inline const CsTestMap *
cs_test_perf_data_find_map (CsTestPerfData *data,
                            const char     *filename)
{
  for (guint i = 0; i < data->maps->len; i++)
    {
      const CsTestMap *m = &g_array_index (data->maps, CsTestMap, i);

      if ((m->prot & 4 /* PROT_EXEC */) && g_strcmp0 (m->filename, filename) == 0)
        return m;
    }
  return NULL;
}

/* [lo, hi) of @symbol in @path's symbol table and the file offset → vaddr
 * shift of the PT_LOAD segment that holds it, read with libelf. */
typedef struct
{
  guint64 lo, hi;
  guint64 seg_offset, seg_vaddr, seg_filesz;
} CsTestSymbol;

static inline CsTestSymbol
cs_test_elf_symbol (const char *path,
                    const char *symbol)
{
  CsTestSymbol result = { 0 };
  int fd = open (path, O_RDONLY);
  Elf *elf;
  Elf_Scn *scn = NULL;
  size_t n_phdrs = 0;
  gboolean found = FALSE;

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (elf_version (EV_CURRENT), !=, EV_NONE);
  elf = elf_begin (fd, ELF_C_READ, NULL);
  g_assert_nonnull (elf);

  while (!found && (scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr shdr;
      Elf_Data *d;

      gelf_getshdr (scn, &shdr);
      if (shdr.sh_type != SHT_SYMTAB)
        continue;
      d = elf_getdata (scn, NULL);
      for (size_t i = 0; i < shdr.sh_size / shdr.sh_entsize; i++)
        {
          GElf_Sym sym;

          gelf_getsym (d, (int) i, &sym);
          if (g_strcmp0 (elf_strptr (elf, shdr.sh_link, sym.st_name), symbol) == 0)
            {
              result.lo = sym.st_value;
              result.hi = sym.st_value + sym.st_size;
              found = TRUE;
              break;
            }
        }
    }
  g_assert_true (found);
  g_assert_cmpuint (result.hi, >, result.lo);

  g_assert_cmpint (elf_getphdrnum (elf, &n_phdrs), ==, 0);
  for (size_t i = 0; i < n_phdrs; i++)
    {
      GElf_Phdr ph;

      gelf_getphdr (elf, (int) i, &ph);
      if (ph.p_type == PT_LOAD && ph.p_vaddr <= result.lo && result.lo < ph.p_vaddr + ph.p_filesz)
        {
          result.seg_offset = ph.p_offset;
          result.seg_vaddr = ph.p_vaddr;
          result.seg_filesz = ph.p_filesz;
        }
    }
  g_assert_cmpuint (result.seg_filesz, >, 0);
  elf_end (elf);
  close (fd);
  return result;
}

/* The ELF virtual address of a sampled @ip inside mapping @m. */
static inline guint64
cs_test_ip_to_vaddr (const CsTestMap    *m,
                     const CsTestSymbol *sym,
                     guint64             ip)
{
  guint64 file_offset = ip - m->start + m->pgoff;

  return file_offset - sym->seg_offset + sym->seg_vaddr;
}

static inline char *
cs_test_hot_loop_path (void)
{
  return cs_test_build_path ("tests/workloads/cs-test-hot-loop");
}

/* A user-space cpu-clock (samples only where the program itself runs). */
static inline struct perf_event_attr
cs_test_cpu_clock_attr (void)
{
  struct perf_event_attr attr;

  cs_test_software_attr (&attr, PERF_COUNT_SW_CPU_CLOCK);
  return attr;
}

/* Runs the hot loop for @seconds of CPU time per thread on @threads threads
 * under the sampler with @events, writing @path. */
static inline void
cs_test_record_hot_loop_events (const char             *path,
                                const char             *seconds,
                                const char             *threads,
                                const CsSamplerEvent   *events,
                                guint                   n_events,
                                const CsSamplerOptions *options,
                                const char * const     *cmdline,
                                CsSamplerStats         *stats)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *program = cs_test_hot_loop_path ();
  const char *argv[] = { program, seconds, threads, NULL };
  g_autoptr(CsLauncher) launcher = NULL;
  g_autoptr(CsPerfWriter) writer = NULL;
  g_autoptr(CsSampler) sampler = NULL;
  gboolean hung_up = FALSE;
  int status = 0;

  launcher = cs_launcher_new (argv, NULL, NULL, &error);
  g_assert_no_error (error);
  writer = cs_perf_writer_new (path, &error);
  g_assert_no_error (error);
  if (cmdline != NULL)
    cs_perf_writer_set_cmdline (writer, cmdline);
  sampler = cs_sampler_new (cs_launcher_get_pid (launcher), events, n_events, options, writer, &error);
  g_assert_no_error (error);
  cs_launcher_start (launcher, &error);
  g_assert_no_error (error);

  while (!cs_launcher_try_wait (launcher, &status, NULL))
    {
      cs_sampler_poll (sampler, 100, NULL, &error);
      g_assert_no_error (error);
      cs_sampler_drain (sampler, &error);
      g_assert_no_error (error);
    }
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);

  /* Once the program and its threads are gone, every buffer says so. */
  cs_sampler_poll (sampler, 0, &hung_up, &error);
  g_assert_no_error (error);
  g_assert_true (hung_up);

  cs_sampler_finish (sampler, stats, &error);
  g_assert_no_error (error);
  cs_perf_writer_finish (writer, &error);
  g_assert_no_error (error);
}

/* Samples the hot loop (@seconds, one thread) with cpu-clock and task-clock
 * at 1 kHz each into @path and counts each event's samples by their id:
 * per_attr[1] cpu-clock, per_attr[2] task-clock, per_attr[0] any sample
 * whose id names neither. */
static inline CsTestPerfData *
cs_test_record_two_clocks (const char     *path,
                           const char     *seconds,
                           guint           per_attr[3],
                           CsSamplerStats *stats)
{
  struct perf_event_attr cpu_clock = cs_test_cpu_clock_attr ();
  struct perf_event_attr task_clock = cs_test_cpu_clock_attr ();
  CsSamplerEvent events[] = { { &cpu_clock, "cpu-clock" }, { &task_clock, "task-clock" } };
  CsSamplerOptions options = { .frequency = 1000 };
  CsTestPerfData *data;

  task_clock.config = PERF_COUNT_SW_TASK_CLOCK;
  cs_test_record_hot_loop_events (path, seconds, "1", events, 2, &options, NULL, stats);
  data = cs_test_perf_data_load (path);
  per_attr[0] = per_attr[1] = per_attr[2] = 0;
  for (guint i = 0; i < data->samples->len; i++)
    {
      const CsTestSample *s = &g_array_index (data->samples, CsTestSample, i);
      guint attr = GPOINTER_TO_UINT (g_hash_table_lookup (data->id_to_attr, &s->id));

      per_attr[attr <= 2 ? attr : 0]++;
    }
  return data;
}

static inline void
cs_test_record_hot_loop (const char             *path,
                         const char             *seconds,
                         const char             *threads,
                         const CsSamplerOptions *options,
                         const char * const     *cmdline,
                         CsSamplerStats         *stats)
{
  struct perf_event_attr attr = cs_test_cpu_clock_attr ();
  CsSamplerEvent event = { &attr, "cpu-clock" };

  cs_test_record_hot_loop_events (path, seconds, threads, &event, 1, options, cmdline, stats);
}
