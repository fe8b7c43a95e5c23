exec(open("/work/tester/scratch/serve1.py").read())
PGC=["/usr/sbin/runuser","-u","nobody","--","/usr/lib/postgresql/15/bin/pg_ctl","-D",S+"/pg/data","-l",S+"/pg/log","-w","-o",f"-k {S}/pg -p {P} -c listen_addresses='' -c max_connections=200"]
def pg(*a): print("pg_ctl",a, subprocess.run(PGC+list(a),capture_output=True,text=True).returncode)
key=open(S+"/key").read().strip() if os.path.exists(S+"/key") else None
import re
r=subprocess.run([B,"apikey","create"],cwd="/work/tester/repo",env=env,capture_output=True,text=True); K=re.search(r"ck_[0-9a-f]{64}",r.stdout+r.stderr).group(0)
AU={"Authorization":"Bearer "+K}
leak=("tester/scratch","PGSQL",P,"postgres","socket","user=")
def show(label,res):
    s,d=res; bad=[w for w in leak if w in d]
    print(label,s,d[:250],"LEAK:"+str(bad) if bad else "")
try:
    pa=start("D",["--trusted-proxy","127.0.0.1"])
    pg("stop","-m","fast")
    time.sleep(1)
    show("healthz down-before-first",req(pa,"GET","/healthz"))
    show("runs",req(pa,"GET","/v1/runs",headers=AU))
    show("start",req(pa,"POST","/v1/runs",{"recipe":"rice"},headers=AU))
    show("pair",req(pa,"POST","/v1/pair",{"code":"ABCDEFGHJK"}))
    show("pair codes",req(pa,"POST","/v1/pair/codes",headers=AU))
    show("events",req(pa,"GET","/v1/events",headers=AU))
    show("recipes",req(pa,"GET","/v1/recipes",headers=AU))
    time.sleep(3)
    show("healthz later",req(pa,"GET","/healthz"))
    pg("start"); time.sleep(4)
    show("healthz back",req(pa,"GET","/healthz"))
    show("runs back",req(pa,"GET","/v1/runs",headers=AU))
    pg("stop","-m","fast"); time.sleep(3)
    show("healthz down2",req(pa,"GET","/healthz"))
    pg("start"); time.sleep(4)
    show("healthz back2",req(pa,"GET","/healthz"))
finally:
    for p,_ in procs.values(): p.terminate()
    for p,_ in procs.values(): p.wait()
print("LOG:"); print(open(S+"/s1/D.log").read())
