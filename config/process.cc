/* Running the tools a target needs: files and child processes.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#include "target.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* What a fatal signal to the compiler must undo: the temporary directory
   of the image being made (the files the target said it writes there
   are removed, then it) and the tool running in it (killed).  The
   handler only reads these.  */
static char temp_dir[4096];
static volatile sig_atomic_t temp_dir_set;
static char temp_files[GW_MAX_TEMP_FILES][32];
static volatile sig_atomic_t temp_file_count;
static volatile pid_t child_pid;

static const int fatal_signals[] = { SIGTERM, SIGINT, SIGHUP, SIGQUIT,
				     SIGPIPE };
static struct sigaction saved_actions[sizeof fatal_signals
				      / sizeof fatal_signals[0]];
static bool handlers_installed;

/* Remove the files of temp_dir, then it: those gw_temp_file named (the
   targets write no subdirectories), tried one by one, which is
   async-signal-safe where reading the directory is not.  */

static void
remove_temp_dir_files ()
{
  char path[sizeof temp_dir + sizeof temp_files[0] + 1];
  size_t n = strlen (temp_dir);
  memcpy (path, temp_dir, n);
  path[n] = '/';
  for (int k = 0; k < temp_file_count; k++)
    {
      strcpy (path + n + 1, temp_files[k]);
      unlink (path);
    }
  rmdir (temp_dir);
}

static void
fatal_signal (int sig)
{
  if (child_pid > 0)
    kill (child_pid, SIGKILL);
  if (temp_dir_set)
    remove_temp_dir_files ();
  /* Die of the signal, as the compiler would have.  */
  signal (sig, SIG_DFL);
  raise (sig);
}

/* Install fatal_signal for the fatal signals whose action is the
   default (a driver that ignores SIGINT keeps its choice).  */

static void
install_handlers ()
{
  if (handlers_installed)
    return;
  handlers_installed = true;
  for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++)
    {
      struct sigaction sa;
      memset (&sa, 0, sizeof sa);
      sa.sa_handler = fatal_signal;
      sigemptyset (&sa.sa_mask);
      if (sigaction (fatal_signals[i], nullptr, &saved_actions[i]) == 0
	  && saved_actions[i].sa_handler == SIG_DFL)
	sigaction (fatal_signals[i], &sa, nullptr);
    }
}

void
gw_temp_dir_owned (const std::string &dir)
{
  install_handlers ();
  temp_dir_set = 0;
  temp_file_count = 0;
  if (dir.size () < sizeof temp_dir)
    {
      memcpy (temp_dir, dir.c_str (), dir.size () + 1);
      temp_dir_set = 1;
    }
}

void
gw_temp_file (const std::string &path)
{
  std::string name = path.substr (path.rfind ('/') + 1);
  dir_assert (name.size () < sizeof temp_files[0]);
  for (int k = 0; k < temp_file_count; k++)
    if (name == temp_files[k])
      return;
  dir_assert (temp_file_count < GW_MAX_TEMP_FILES);
  memcpy (temp_files[temp_file_count], name.c_str (), name.size () + 1);
  /* The handler reads the name once it is counted.  */
  temp_file_count = temp_file_count + 1;
}

void
gw_temp_dir_released ()
{
  temp_dir_set = 0;
}

int
gw_run_command (const std::vector<std::string> &argv, const std::string &log,
		int *signal)
{
  if (signal)
    *signal = 0;
  install_handlers ();
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back (const_cast<char *> (a.c_str ()));
  args.push_back (nullptr);
  int fd = open (log.c_str (), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
		 0600);
  if (fd < 0)
    return -1;
  /* The tool dies with the compiler (PR_SET_PDEATHSIG): a compiler
     killed by a signal it cannot catch leaves no tool running.  Its
     exec failure comes back through a pipe.  */
  int report[2];
  if (pipe2 (report, O_CLOEXEC) != 0)
    {
      close (fd);
      return -1;
    }
  pid_t parent = getpid ();
  pid_t pid = fork ();
  if (pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () != parent)
	_exit (127);
      for (int sig : fatal_signals)
	::signal (sig, SIG_DFL);
      dup2 (fd, 1);
      dup2 (fd, 2);
      execvp (args[0], args.data ());
      int e = errno;
      ssize_t unused = write (report[1], &e, sizeof e);
      (void) unused;
      _exit (127);
    }
  close (fd);
  close (report[1]);
  if (pid < 0)
    {
      close (report[0]);
      return -1;
    }
  child_pid = pid;
  int e = 0;
  ssize_t got;
  while ((got = read (report[0], &e, sizeof e)) < 0 && errno == EINTR)
    ;
  close (report[0]);
  int status;
  int w;
  while ((w = waitpid (pid, &status, 0)) < 0 && errno == EINTR)
    ;
  child_pid = 0;
  if (w < 0)
    return -1;
  if (got == (ssize_t) sizeof e)
    {
      errno = e;
      return -1;
    }
  if (WIFSIGNALED (status) && signal)
    *signal = WTERMSIG (status);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

std::string
gw_command_failure (const std::string &what, int rc, int signal,
		    const std::string &log)
{
  if (signal)
    return what + " was killed by signal " + std::to_string (signal) + " ("
	   + strsignal (signal) + ")";
  if (rc < 0)
    return what + " could not be run";
  std::string text;
  gw_read_file (log, &text);
  /* The first line that says what went wrong: an error, or the
     compiler's running out of memory; notes (-Wpsabi's) and the lines
     of context after a diagnostic are left out.  */
  std::string first, line;
  for (size_t pos = 0; pos < text.size () && first.empty ();)
    {
      size_t end = text.find ('\n', pos);
      if (end == std::string::npos)
	end = text.size ();
      line = text.substr (pos, end - pos);
      pos = end + 1;
      if (line.find ("error") != std::string::npos
	  || line.find ("out of memory") != std::string::npos
	  || line.find ("memory exhausted") != std::string::npos
	  || line.find ("Killed") != std::string::npos)
	first = line;
    }
  if (first.size () > 300)
    first = first.substr (0, 300) + "...";
  return what + " failed with status " + std::to_string (rc)
	 + (first.empty () ? "" : ": " + first);
}

bool
gw_read_file (const std::string &name, std::string *data)
{
  FILE *f = fopen (name.c_str (), "rb");
  if (!f)
    return false;
  char buf[65536];
  size_t n;
  data->clear ();
  while ((n = fread (buf, 1, sizeof buf, f)) > 0)
    data->append (buf, n);
  bool ok = !ferror (f);
  fclose (f);
  return ok;
}

bool
gw_write_file (const std::string &name, const std::string &data)
{
  FILE *f = fopen (name.c_str (), "wb");
  if (!f)
    return false;
  bool ok = fwrite (data.data (), 1, data.size (), f) == data.size ();
  return fclose (f) == 0 && ok;
}

bool
gw_make_temp_dir (std::string *dir, std::string *why)
{
  const char *tmp = getenv ("TMPDIR");
  *dir = std::string (tmp && *tmp ? tmp : "/tmp") + "/gangway-XXXXXX";
  if (mkdtemp (&(*dir)[0]))
    {
      gw_temp_dir_owned (*dir);
      return true;
    }
  *why = "cannot create a temporary directory: "
	 + std::string (strerror (errno));
  return false;
}
