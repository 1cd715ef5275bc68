/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile.c — streaming a perf.data file into keys; the profile object
 *
 * Samples come from the reader in batches of CsPerfBrief
 * (cs_perf_reader_foreach_brief: no full decoding, and long stretches of
 * samples skip the ordering queue; only their order relative to the records
 * that change the maps is perf's, which is all a key depends on). Each
 * costs a look at a few recently used mappings (consecutive samples of a
 * thread tend to fall in the same one) and one probe of the key table.
 * Nothing is allocated per sample.
 *
 * Symbols are resolved only once the file is closed: the symbolizer's
 * memory then replaces the mapping's instead of adding to it, so the peak
 * resident size is the mapping plus the small key table. They are resolved
 * to ELF and kallsyms symbols only; DWARF (source lines, inline chains) is
 * opened when a line or instruction table is first asked for. (Resolving
 * new keys on a second thread while reading was tried: on two busy cores it
 * saved little time and held both at once.)
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cs-perf-names.h"
#include "cs-profile-private.h"

#define PERF_TYPE_SOFTWARE    1
#define PERF_SAMPLE_CALLCHAIN (1u << 5)
#define PERF_SAMPLE_STACK_COPY ((1u << 12) | (1u << 13))  /* REGS_USER | STACK_USER */
#define MISC_CPUMODE_MASK  7
#define MISC_KERNEL        1
#define MISC_GUEST_KERNEL  4
#define PROGRESS_EVERY     (64 * 1024)
/* Unwinding takes far longer per sample than reading. */
#define PROGRESS_EVERY_UNWIND 2048

G_DEFINE_FINAL_TYPE (CsProfile, cs_profile, G_TYPE_OBJECT)

static void
symbol_data_free (gpointer data)
{
  CsProfileSymbolData *s = data;

  g_free (s->display_name);
  g_free (s->samples);
  g_free (s->period);
  g_clear_pointer (&s->keys, g_array_unref);
  g_free (s);
}

static void
module_data_free (gpointer data)
{
  CsProfileModuleData *m = data;

  g_free (m->samples);
  g_free (m->period);
  g_free (m);
}

static void
cs_profile_finalize (GObject *object)
{
  CsProfile *self = CS_PROFILE (object);

  _cs_profile_view_release (self);
  g_free (self->path);
  g_clear_object (&self->symbolizer);
  g_free (self->hostname);
  g_free (self->os_release);
  g_free (self->arch);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  g_free (self->events);
  g_strfreev (self->event_names);
  g_clear_pointer (&self->sampled_names, g_ptr_array_unref);
  g_clear_pointer (&self->raw_modules, g_ptr_array_unref);
  g_clear_pointer (&self->raw_module_ids, g_hash_table_unref);
  _cs_profile_key_table_clear (&self->table);
  g_free (self->locations);
  g_free (self->key_symbol);
  g_clear_pointer (&self->modules, g_ptr_array_unref);
  g_clear_pointer (&self->module_ids, g_hash_table_unref);
  g_clear_pointer (&self->symbols, g_ptr_array_unref);
  g_clear_pointer (&self->line_cache, g_hash_table_unref);
  g_clear_pointer (&self->insn_cache, g_hash_table_unref);
  g_clear_pointer (&self->marks, cs_region_marks_unref);
  g_clear_pointer (&self->symbol_ids, g_hash_table_unref);
  _cs_profile_samples_clear (self);
  _cs_profile_tasks_clear (self);
  _cs_profile_header_clear (&self->header);
  g_free (self->summary_command);
  g_clear_object (&self->base);
  g_free (self->subset);
  _cs_profile_functions_clear (self);
  g_mutex_clear (&self->cache_lock);
  G_OBJECT_CLASS (cs_profile_parent_class)->finalize (object);
}

static void
cs_profile_class_init (CsProfileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_profile_finalize;
}

static void
cs_profile_init (CsProfile *self)
{
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  self->sampled_names = g_ptr_array_new ();
  self->raw_modules = g_ptr_array_new ();
  self->raw_module_ids = g_hash_table_new (NULL, NULL);
  _cs_profile_key_table_init (&self->table);
  self->modules = g_ptr_array_new_with_free_func (module_data_free);
  self->module_ids = g_hash_table_new (NULL, NULL);
  self->symbols = g_ptr_array_new_with_free_func (symbol_data_free);
  g_mutex_init (&self->cache_lock);
  self->line_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) g_array_unref);
  self->insn_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            _cs_profile_free_insn_table);
  self->symbol_ids = g_hash_table_new (NULL, NULL);
  _cs_profile_samples_init (self);
  _cs_profile_tasks_init (self);
}

/* The raw module of a mapping; the symbolizer is asked once per mapping. */
static guint32
mapping_module (CsProfileStream *st,
                const CsMapping *m)
{
  gpointer v = g_hash_table_lookup (st->mapping_modules, m);
  guint32 index;

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  index = _cs_profile_raw_module_index (st->self, cs_symbolizer_get_module_for_mapping (st->self->symbolizer, m));
  /* The reference keeps the address from being reused by another mapping. */
  g_hash_table_insert (st->mapping_modules, cs_mapping_ref ((CsMapping *) m), GUINT_TO_POINTER (index + 1));
  return index;
}

guint32
_cs_profile_raw_module_index (CsProfile *self,
                             CsModule  *module)
{
  gpointer v = g_hash_table_lookup (self->raw_module_ids, module);

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  g_ptr_array_add (self->raw_modules, module);
  g_hash_table_insert (self->raw_module_ids, module, GUINT_TO_POINTER (self->raw_modules->len));
  return self->raw_modules->len - 1;
}

static void
forget_maps (CsProfileStream *st,
             gboolean     kernel_too)
{
  for (guint i = 0; i < CS_PROFILE_N_USER_CACHE; i++)
    st->user[i].valid = FALSE;
  if (kernel_too)
    st->kernel.valid = FALSE;
}

static inline gboolean
cache_hit (const CsProfileMapCache *c,
           gint32          pid,
           guint64         ip)
{
  return c->valid && ip >= c->start && ip < c->end && (c->kernel || c->pid == pid);
}

/* The raw module and key offset of an ip no cached mapping covers. */
static void
locate_uncached (CsProfileStream *st,
                 gboolean         kernel_mode,
                 gint32           pid,
                 guint64          ip,
                 guint32         *module_out,
                 guint64         *offset_out)
{
  CsProfile *self = st->self;
  const CsMapping *m = kernel_mode ? cs_address_space_lookup_kernel (st->space, ip)
                                   : cs_address_space_lookup (st->space, pid, ip);
  CsProfileMapCache *c;
  guint32 module;

  if (m == NULL)
    {
      /* No map: the upper half is the kernel's (perf records the odd
       * kernel ip without a kernel map), the rest is "[unknown]". */
      if ((ip >> 63) != 0)
        {
          if (st->kernel_nomap == G_MAXUINT32)
            st->kernel_nomap = _cs_profile_raw_module_index (self, cs_symbolizer_get_module (self->symbolizer,
                                                                                  "[kernel.kallsyms]", NULL, 0));
          module = st->kernel_nomap;
        }
      else
        {
          module = st->unknown_module;
          if (st->counting_sample)
            self->stats.n_unmapped++;
        }
      *module_out = module;
      *offset_out = ip;
      return;
    }

  module = mapping_module (st, m);
  /* A user-mode ip can only be found in a kernel map through the fallback;
   * cache it in the slot that matches the map. */
  if (m->kernel)
    c = &st->kernel;
  else
    c = &st->user[st->user_next++ % CS_PROFILE_N_USER_CACHE];
  c->valid = TRUE;
  c->pid = pid;
  c->start = m->start;
  c->end = m->end;
  c->pgoff = m->pgoff;
  c->kernel = cs_module_get_kind (g_ptr_array_index (self->raw_modules, module)) == CS_MODULE_KERNEL;
  c->module = module;
  /* Kernel symbols are looked up by run-time address, files by offset. */
  *module_out = module;
  *offset_out = c->kernel ? ip : ip - c->start + c->pgoff;
}

void
_cs_profile_stream_locate (CsProfileStream *st,
                          gboolean         kernel_mode,
                          gint32           pid,
                          guint64          ip,
                          guint32         *module,
                          guint64         *offset)
{
  const CsProfileMapCache *c = NULL;

  if (kernel_mode)
    {
      if (cache_hit (&st->kernel, pid, ip))
        c = &st->kernel;
    }
  else
    {
      for (guint k = 0; k < CS_PROFILE_N_USER_CACHE; k++)
        if (cache_hit (&st->user[k], pid, ip))
          {
            c = &st->user[k];
            break;
          }
    }
  if (G_LIKELY (c != NULL))
    {
      *module = c->module;
      *offset = c->kernel ? ip : ip - c->start + c->pgoff;
    }
  else
    locate_uncached (st, kernel_mode, pid, ip, module, offset);
}

static void
report_progress (CsProfileStream *st)
{
  guint64 done, total;

  st->next_progress = st->n_delivered + (st->unwind != NULL ? PROGRESS_EVERY_UNWIND : PROGRESS_EVERY);
  cs_perf_reader_get_progress (st->reader, &done, &total);
  st->progress (_cs_profile_stream_stage (st), total > 0 ? (double) done / total : -1, st->progress_data);
}

/* The hot loop of loading: a batch of samples from the reader. */
static void
on_samples (const CsPerfBrief *samples,
            guint              n_samples,
            gpointer           user_data)
{
  CsProfileStream *st = user_data;
  CsProfile *self = st->self;

  for (guint i = 0; i < n_samples; i++)
    {
      const CsPerfBrief *b = &samples[i];
      guint cpumode = b->misc & MISC_CPUMODE_MASK;
      gboolean kernel_mode = cpumode == MISC_KERNEL || cpumode == MISC_GUEST_KERNEL;
      CsProfileKey *key;
      guint16 event, region = 0;
      guint32 module;
      guint64 offset;

      if (G_UNLIKELY (b->attr >= self->n_events))
        continue;
      event = (guint16) b->attr;
      /* The region running on the sample's thread (record --regions). */
      if (self->marks != NULL)
        region = (guint16) cs_region_marks_lookup (self->marks, b->tid, b->time);
      st->counting_sample = TRUE;
      _cs_profile_stream_locate (st, kernel_mode, (gint32) b->pid, b->ip, &module, &offset);
      st->counting_sample = FALSE;
      key = _cs_profile_key_table_get (&self->table, event, module, offset, region);
      _cs_profile_stream_add_sample (st, b, kernel_mode, module, offset, (guint32) (key - self->table.keys));
      key->samples++;
      key->period += b->period;
      self->events[event].n_samples++;
      self->events[event].period += b->period;
    }
  self->stats.n_samples += n_samples;
  st->n_delivered += n_samples;
  if (st->n_delivered >= st->next_progress && st->progress != NULL)
    report_progress (st);
}

static gboolean
on_record (const CsPerfRecord *r,
           gpointer            user_data)
{
  CsProfileStream *st = user_data;

  /* Stacks waiting to be unwound must be with the maps they saw. */
  if (r->type == CS_PERF_RECORD_MMAP || r->type == CS_PERF_RECORD_MMAP2 ||
      (r->type == CS_PERF_RECORD_COMM && r->comm.exec) ||
      (r->type == CS_PERF_RECORD_FORK && r->task.pid != r->task.ppid))
    _cs_profile_unwind_maps_change (st);

  switch (r->type)
    {
    case CS_PERF_RECORD_MMAP:
    case CS_PERF_RECORD_MMAP2:
      /* "[kernel.kallsyms]_text" records where _text was (KASLR): the
       * symbolizer checks its kernel symbol table against it. */
      if (!st->have_reloc && (gint32) r->mmap.pid == CS_KERNEL_PID &&
          g_str_has_prefix (r->mmap.filename, "[kernel.kallsyms]") &&
          r->mmap.filename[strlen ("[kernel.kallsyms]")] != '\0')
        {
          cs_symbolizer_set_kernel_reloc (st->self->symbolizer,
                                          r->mmap.filename + strlen ("[kernel.kallsyms]"), r->mmap.pgoff);
          st->have_reloc = TRUE;
        }
      cs_address_space_mmap (st->space, (gint32) r->mmap.pid, r->mmap.addr, r->mmap.len,
                             r->mmap.pgoff, r->mmap.prot, r->mmap.flags, r->mmap.filename,
                             r->mmap.build_id_size > 0 ? r->mmap.build_id : NULL,
                             r->mmap.build_id_size);
      forget_maps (st, TRUE);
      break;
    case CS_PERF_RECORD_COMM:
      cs_address_space_comm (st->space, (gint32) r->comm.pid, (gint32) r->comm.tid,
                             r->comm.comm, r->comm.exec);
      _cs_profile_stream_task_record (st, r);
      forget_maps (st, FALSE);
      break;
    case CS_PERF_RECORD_FORK:
      cs_address_space_fork (st->space, (gint32) r->task.pid, (gint32) r->task.ppid);
      _cs_profile_stream_task_record (st, r);
      forget_maps (st, FALSE);
      break;
    case CS_PERF_RECORD_EXIT:
      cs_address_space_exit (st->space, (gint32) r->task.pid, (gint32) r->task.tid);
      _cs_profile_stream_task_record (st, r);
      forget_maps (st, FALSE);
      break;
    case CS_PERF_RECORD_LOST:
    case CS_PERF_RECORD_LOST_SAMPLES:
    case CS_PERF_RECORD_THROTTLE:
    case CS_PERF_RECORD_UNTHROTTLE:
      _cs_profile_stream_task_record (st, r);
      break;
    default:
      break;
    }

  if (++st->n_delivered >= st->next_progress && st->progress != NULL)
    report_progress (st);
  return TRUE;
}

static void
take_header (CsProfile    *self,
             CsPerfReader *reader)
{
  const CsPerfInfo *info = cs_perf_reader_get_info (reader);
  guint n = cs_perf_reader_get_n_attrs (reader);

  self->hostname = g_strdup (info->hostname);
  self->os_release = g_strdup (info->osrelease);
  self->arch = g_strdup (info->arch);
  _cs_profile_take_header (self, info);
  if (info->osrelease != NULL)
    cs_symbolizer_set_kernel_release (self->symbolizer, info->osrelease);
  for (guint i = 0; info->build_ids != NULL && i < info->build_ids->len; i++)
    {
      const CsPerfBuildId *b = g_ptr_array_index (info->build_ids, i);

      if (b->filename != NULL && b->size > 0)
        cs_symbolizer_add_build_id (self->symbolizer, b->filename, b->build_id, b->size);
    }

  /* Keys hold the event as 16 bits; no real file has that many attrs. */
  n = MIN (n, G_MAXUINT16);
  self->n_events = n;
  self->events = g_new0 (CsProfileEvent, MAX (n, 1));
  self->event_names = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      const CsPerfAttr *a = cs_perf_reader_get_attr (reader, i);
      CsProfileEvent *e = &self->events[i];

      /* Our bundles before perf's spelling wrote "cpu_clock". */
      self->event_names[i] = g_strdup (a->name != NULL ? cs_perf_event_normalize (a->name) : "?");
      e->index = i;
      e->name = self->event_names[i];
      e->type = a->attr.type;
      e->config = a->attr.config;
      e->software = a->attr.type == PERF_TYPE_SOFTWARE;
      if (a->attr.flags & CS_PERF_ATTR_FREQ)
        e->sample_freq = a->attr.sample_period;
      else
        e->sample_period = a->attr.sample_period;
      if (a->attr.sample_type & PERF_SAMPLE_CALLCHAIN)
        self->has_call_chains = TRUE;
      if ((a->attr.sample_type & PERF_SAMPLE_STACK_COPY) == PERF_SAMPLE_STACK_COPY)
        self->has_call_chains = self->has_stack_copies = TRUE;
    }
}

CsProfile *
cs_profile_load (const char         *path,
                 CsSymbolizer       *symbolizer,
                 CsProfileProgress   progress,
                 gpointer            progress_data,
                 GCancellable       *cancellable,
                 GError            **error)
{
  return cs_profile_load_with_regions (path, NULL, symbolizer, progress, progress_data,
                                       cancellable, error);
}

CsProfile *
cs_profile_load_with_regions (const char         *path,
                              CsRegionMarks      *marks,
                              CsSymbolizer       *symbolizer,
                              CsProfileProgress   progress,
                              gpointer            progress_data,
                              GCancellable       *cancellable,
                              GError            **error)
{
  g_autoptr(CsProfile) self = NULL;
  g_autoptr(CsPerfReader) reader = NULL;
  g_autoptr(CsAddressSpace) space = NULL;
  const CsPerfStats *pstats;
  g_autoptr(GError) read_error = NULL;
  CsProfileStream st = { 0 };
  gboolean ok;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (symbolizer == NULL || CS_IS_SYMBOLIZER (symbolizer), NULL);

  self = g_object_new (CS_TYPE_PROFILE, NULL);
  self->path = g_strdup (path);
  self->symbolizer = symbolizer != NULL ? g_object_ref (symbolizer) : cs_symbolizer_new ();
  /* Keys hold the region as 16 bits, like the event. */
  if (marks != NULL && cs_region_marks_get_n_regions (marks) < G_MAXUINT16)
    self->marks = cs_region_marks_ref (marks);

  if (progress != NULL)
    progress (_("Reading samples"), 0, progress_data);
  if (!(reader = cs_perf_reader_new (path, error)))
    return NULL;
  cs_perf_reader_set_cancellable (reader, cancellable);
  take_header (self, reader);
  {
    GStatBuf st_buf;

    /* Tells the symbolizer whether the data predates this boot. */
    if (g_stat (path, &st_buf) == 0)
      cs_symbolizer_set_recording_time (self->symbolizer, (gint64) st_buf.st_mtime);
  }

  space = cs_address_space_new ();
  st.self = self;
  st.space = space;
  st.reader = reader;
  st.progress = progress;
  st.progress_data = progress_data;
  st.unknown_module = _cs_profile_raw_module_index (self, cs_symbolizer_get_module (self->symbolizer,
                                                                         "[unknown]", NULL, 0));
  st.kernel_nomap = G_MAXUINT32;
  st.mapping_modules = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) cs_mapping_unref, NULL);
  st.next_progress = PROGRESS_EVERY;
  _cs_profile_stream_init_samples (&st);
  _cs_profile_stream_init_tasks (&st);
  st.cancellable = cancellable;
  if (self->has_stack_copies)
    {
      _cs_profile_unwind_start (&st);
      st.next_progress = PROGRESS_EVERY_UNWIND;
      if (progress != NULL)
        progress (_cs_profile_stream_stage (&st), 0, progress_data);
    }
  ok = cs_perf_reader_foreach_brief (reader, on_record, on_samples, &st, &read_error);
  /* What is pending is unwound while the reader (its mapping) still
   * lives; cancelled, the load fails. */
  if (!_cs_profile_unwind_finish (&st, read_error == NULL ? &read_error : NULL) && ok)
    ok = FALSE;
  _cs_profile_unwind_clear (&st);
  g_clear_pointer (&st.mapping_modules, g_hash_table_unref);
  _cs_profile_stream_clear_samples (&st);
  _cs_profile_stream_clear_tasks (&st);
  _cs_profile_samples_finish (self);
  _cs_profile_tasks_finish (self);
  if (!ok)
    {
      g_autofree char *n_read = NULL;

      /* A file damaged after some samples (a recording cut short, a copy
       * that ended early) keeps what precedes the damage, as perf report
       * does; the warning says where reading stopped. Nothing read, or any
       * other error (cancelled, unreadable), fails. */
      if (!g_error_matches (read_error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT) || self->stats.n_samples == 0)
        {
          g_propagate_error (error, g_steal_pointer (&read_error));
          return NULL;
        }
      /* Preformatted: a G_GUINT64_FORMAT would not survive translation. */
      n_read = g_strdup_printf ("%" G_GUINT64_FORMAT, self->stats.n_samples);
      self->stats.truncated = TRUE;
      g_ptr_array_add (self->warnings,
                       g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     "%s The tables show the %s sample read before that point.",
                                                     "%s The tables show the %s samples read before that point.",
                                                     self->stats.n_samples),
                                        read_error->message, n_read));
    }

  pstats = cs_perf_reader_get_stats (reader);
  for (guint i = 0; i < CS_PERF_RECORD_TYPE_MAX; i++)
    self->stats.n_records += pstats->n_records[i];
  self->stats.n_lost = pstats->n_lost;
  self->stats.n_lost_samples = pstats->n_lost_samples;
  self->stats.n_keys = self->table.n_keys;
  for (const char * const *w = cs_perf_reader_get_warnings (reader); w != NULL && *w != NULL; w++)
    g_ptr_array_add (self->warnings, g_strdup (*w));

  for (guint i = 0; i < self->n_events; i++)
    if (self->events[i].n_samples > 0)
      g_ptr_array_add (self->sampled_names, (gpointer) self->events[i].name);
  g_ptr_array_add (self->sampled_names, NULL);

  /* The reader (and its mapping) is done with before symbols are resolved,
   * so the two never hold memory at the same time. */
  g_clear_pointer (&reader, cs_perf_reader_free);
  g_clear_object (&space);

  if (!_cs_profile_resolve (self, progress, progress_data, cancellable, error))
    return NULL;
  if (self->has_call_chains && progress != NULL)
    progress (_("Resolving call stacks"), -1, progress_data);
  if (self->has_call_chains &&
      !_cs_profile_resolve_frames (self, self->stacks, cancellable, error))
    return NULL;
  g_ptr_array_add (self->warnings, NULL);
  _cs_profile_summary_build (self);
  if (progress != NULL)
    progress (_("Done"), 1, progress_data);
  return g_steal_pointer (&self);
}
